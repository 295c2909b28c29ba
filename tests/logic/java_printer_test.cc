// The Java-like printer: the paper's Figure 1 precondition, every kind, and
// precedence.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "base/java_semantics.h"
#include "logic/printer.h"
#include "tests/logic/paper_terms.h"

namespace jwp::logic {
namespace {

TEST(JavaPrinter, Figure1Precondition) {
  TermManager tm;
  Minterm pre = testing::figure1_precondition(tm);
  EXPECT_EQ(to_java(tm, pre),
            "c != null && c.elems != null && c.elems.length > 0 && c.elems[0] != null && "
            "c.elems[0].year != 2009 && c instanceof NewCarList");
}

TEST(JavaPrinter, Phase1FormulaOfSection41) {
  TermManager tm;
  Minterm phi = testing::phase1_formula(tm);
  EXPECT_EQ(to_java(tm, phi),
            "σ_method#0 == dispatch(typeOf(σ_ret#7), java.util.Iterator.next()) && "
            "σ_method#3 == dispatch(typeOf(σ_ret#7), java.util.Iterator.hasNext()) && "
            "σ_method#6 == dispatch(typeOf(c), java.util.Collection.iterator()) && "
            "read(mod(mod(mod(year, σ_year#8), σ_year#5), σ_year#2), σ_ret#1) != 2009 && "
            "σ_ret#4 == 1 && c != null && σ_ret#1 != null && σ_ret#7 != null && "
            "σ_ret#1 instanceof Car && σ_ret#7 instanceof java.util.Iterator && "
            "c instanceof NewCarList");
}

TEST(JavaPrinter, Literals) {
  TermManager tm;
  EXPECT_EQ(to_java(tm, tm.mk_int(2009)), "2009");
  EXPECT_EQ(to_java(tm, tm.mk_int(-1)), "-1");
  EXPECT_EQ(to_java(tm, tm.mk_int(std::numeric_limits<int32_t>::min())), "-2147483648");
  EXPECT_EQ(to_java(tm, tm.mk_long(5)), "5L");
  EXPECT_EQ(to_java(tm, tm.mk_long(std::numeric_limits<int64_t>::min())),
            "-9223372036854775808L");
  EXPECT_EQ(to_java(tm, tm.mk_float(1.5f)), "1.5f");
  EXPECT_EQ(to_java(tm, tm.mk_float(0.1f)), "0.1f");
  EXPECT_EQ(to_java(tm, tm.mk_float(3.0f)), "3.0f");
  EXPECT_EQ(to_java(tm, tm.mk_double(0.1)), "0.1");
  EXPECT_EQ(to_java(tm, tm.mk_double(-0.0)), "-0.0");
  EXPECT_EQ(to_java(tm, tm.mk_double(1e300)), "1e+300");
  EXPECT_EQ(to_java(tm, tm.mk_double(NAN)), "Double.NaN");
  EXPECT_EQ(to_java(tm, tm.mk_float(-INFINITY)), "Float.NEGATIVE_INFINITY");
  EXPECT_EQ(to_java(tm, tm.mk_double(INFINITY)), "Double.POSITIVE_INFINITY");
  EXPECT_EQ(to_java(tm, tm.mk_true()), "true");
  EXPECT_EQ(to_java(tm, tm.mk_null()), "null");
  EXPECT_EQ(to_java(tm, tm.mk_string("a \"b\"\n")), "\"a \\\"b\\\"\\n\"");
  EXPECT_EQ(to_java(tm, Minterm()), "true");
}

TEST(JavaPrinter, EveryKind) {
  TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term y = tm.mk_var("y", Sort::Int());
  Term lx = tm.mk_var("lx", Sort::Long());
  Term fx = tm.mk_var("fx", Sort::Float());
  Term dx = tm.mk_var("dx", Sort::Double());
  Term o = tm.mk_var("o", Sort::Ref());
  Term p = tm.mk_var("p", Sort::Bool());
  auto j = [&](Term t) { return to_java(tm, t); };
  EXPECT_EQ(j(tm.mk_add(x, y)), "x + y");
  EXPECT_EQ(j(tm.mk_sub(x, y)), "x - y");
  EXPECT_EQ(j(tm.mk_sub(x, tm.mk_int(1))), "x - 1");  // x + -1
  EXPECT_EQ(j(tm.mk_add(lx, tm.mk_long(-3))), "lx - 3L");
  EXPECT_EQ(j(tm.mk_add(x, tm.mk_int(std::numeric_limits<int32_t>::min()))), "x + -2147483648");
  // Commutative arguments print in canonical (id) order.
  EXPECT_EQ(j(tm.mk_mul(tm.mk_add(x, y), y)), "y * (x + y)");
  EXPECT_EQ(j(tm.mk_mul(y, tm.mk_add(x, y))), "y * (x + y)");
  EXPECT_EQ(j(tm.mk_add(tm.mk_mul(x, y), y)), "y + x * y");
  EXPECT_EQ(j(tm.mk_div(tm.mk_add(x, y), y)), "(x + y) / y");
  EXPECT_EQ(j(tm.mk_sub(x, tm.mk_sub(y, x))), "x - (y - x)");
  EXPECT_EQ(j(tm.mk_sub(tm.mk_sub(y, x), x)), "y - x - x");
  EXPECT_EQ(j(tm.mk_div(x, tm.mk_int(0))), "x / 0");
  EXPECT_EQ(j(tm.mk_rem(x, y)), "x % y");
  EXPECT_EQ(j(tm.mk_neg(tm.mk_add(x, y))), "-(x + y)");
  EXPECT_EQ(j(tm.mk_bit_and(x, tm.mk_bit_or(y, tm.mk_int(8)))), "x & (y | 8)");
  EXPECT_EQ(j(tm.mk_bit_xor(x, y)), "x ^ y");
  EXPECT_EQ(j(tm.mk_shl(x, tm.mk_int(33))), "x << 1");
  EXPECT_EQ(j(tm.mk_shr(tm.mk_add(x, y), y)), "x + y >> y");
  EXPECT_EQ(j(tm.mk_ushr(lx, x)), "lx >>> x");
  EXPECT_EQ(j(tm.mk_lcmp(lx, tm.mk_long(0))), "Long.compare(lx, 0L)");
  EXPECT_EQ(j(tm.mk_fcmpl(fx, tm.mk_float(1))), "fcmpl(fx, 1.0f)");
  EXPECT_EQ(j(tm.mk_fcmpg(dx, dx)), "dcmpg(dx, dx)");
  EXPECT_EQ(j(tm.mk_i2l(x)), "(long) x");
  EXPECT_EQ(j(tm.mk_i2b(tm.mk_add(x, y))), "(byte) (x + y)");
  EXPECT_EQ(j(tm.mk_i2c(x)), "(char) x");
  EXPECT_EQ(j(tm.mk_i2s(x)), "(short) x");
  EXPECT_EQ(j(tm.mk_l2i(lx)), "(int) lx");
  EXPECT_EQ(j(tm.mk_convert(TermKind::kD2I, dx)), "(int) dx");
  EXPECT_EQ(j(tm.mk_convert(TermKind::kI2F, x)), "(float) x");
  EXPECT_EQ(j(tm.mk_convert(TermKind::kF2D, fx)), "(double) fx");
  EXPECT_EQ(j(tm.mk_lt(x, y)), "x < y");
  EXPECT_EQ(j(tm.mk_le(x, tm.mk_int(3))), "x <= 3");
  EXPECT_EQ(j(tm.mk_lt(tm.mk_int(0), x)), "x > 0");
  EXPECT_EQ(j(tm.mk_le(tm.mk_int(0), x)), "x >= 0");
  EXPECT_EQ(j(tm.mk_not(tm.mk_lt(x, y))), "y <= x");
  EXPECT_EQ(j(tm.mk_eq(x, y)), "x == y");
  EXPECT_EQ(j(tm.mk_ne(o, tm.mk_null())), "o != null");
  EXPECT_EQ(j(tm.mk_not(p)), "!p");
  EXPECT_EQ(j(tm.mk_or(tm.mk_and(p, tm.mk_lt(x, y)), tm.mk_eq(x, y))),
            "x == y || (p && x < y)");
  EXPECT_EQ(j(tm.mk_not(tm.mk_and(p, tm.mk_lt(x, y)))), "!(p && x < y)");
  EXPECT_EQ(j(tm.mk_ite(p, x, y)), "p ? x : y");
  EXPECT_EQ(j(tm.mk_eq(tm.mk_ite(p, x, y), x)), "x == (p ? x : y)");
  EXPECT_EQ(j(tm.mk_lt(tm.mk_ite(p, x, y), x)), "(p ? x : y) < x");
}

TEST(JavaPrinter, HeapAndTypes) {
  TermManager tm;
  Term o = tm.mk_var("o", Sort::Ref());
  Term i = tm.mk_var("i", Sort::Int());
  Term v = tm.mk_var("v", Sort::Int());
  Term year = tm.mk_field("Car", "year", "I");
  Term ints = tm.mk_array_map(ArrayKind::kInt);
  auto j = [&](Term t) { return to_java(tm, t); };
  EXPECT_EQ(j(tm.mk_read(year, o)), "o.year");
  EXPECT_EQ(j(tm.mk_length(o)), "o.length");
  EXPECT_EQ(j(tm.mk_aread(ints, o, tm.mk_add(i, tm.mk_int(1)))), "o[i + 1]");
  Term q = tm.mk_var("q", Sort::Ref());
  EXPECT_EQ(j(tm.mk_read(tm.mk_update(year, o, v), q)), "read(update(year, o, v), q)");
  EXPECT_EQ(j(tm.mk_aupdate(ints, o, i, v)), "aupdate(int[], o, i, v)");
  Term arr_t = tm.mk_type("[[Ljava/lang/String;");
  Term f = tm.mk_fresh_array(arr_t, i);
  EXPECT_EQ(j(f), "new java.lang.String[i][]#0");
  Term g = tm.mk_fresh(tm.mk_type("NewCarList$Itr"));
  EXPECT_EQ(j(g), "new NewCarList$Itr#1");
  EXPECT_EQ(j(tm.mk_eq(o, g)), "o == new NewCarList$Itr#1");
  Term sigma = tm.fresh_skolem(SkolemKind::kHeap, year.sort(), 0, year);
  EXPECT_EQ(j(tm.mk_read(tm.mk_mod(year, sigma), g)), "read(mod(year, σ_year#0), new NewCarList$Itr#1)");
  EXPECT_EQ(j(tm.mk_type_of(o)), "typeOf(o)");
  EXPECT_EQ(j(tm.mk_class_of(tm.mk_type("java/lang/String"))), "java.lang.String.class");
  EXPECT_EQ(j(tm.mk_class_of(tm.mk_type("[I"))), "int[].class");
  EXPECT_EQ(j(tm.mk_eq(q, tm.mk_class_of(tm.mk_type_of(o)))), "q == o.getClass()");
  EXPECT_EQ(j(tm.mk_class_of(tm.mk_var("t", Sort::Type()))), "classOf(t)");
  EXPECT_EQ(j(tm.mk_sub_type(tm.mk_type_of(o), tm.mk_class_type(q))), "q.isInstance(o)");
  EXPECT_EQ(j(tm.mk_sub_type(tm.mk_class_type(q), tm.mk_type("java/lang/CharSequence"))),
            "java.lang.CharSequence.class.isAssignableFrom(q)");
  EXPECT_EQ(j(tm.mk_not(tm.mk_sub_type(tm.mk_class_type(q), tm.mk_class_type(o)))), "!o.isAssignableFrom(q)");
  EXPECT_EQ(j(tm.mk_not(tm.mk_sub_type(tm.mk_type_of(o), tm.mk_elem_type(tm.mk_type_of(q))))),
            "!q.getClass().getComponentType().isInstance(o)");
  EXPECT_EQ(j(tm.mk_sub_type(tm.mk_type("java/lang/Integer"), tm.mk_elem_type(tm.mk_type_of(q)))),
            "q.getClass().getComponentType().isAssignableFrom(java.lang.Integer.class)");
  EXPECT_EQ(j(tm.mk_elem_type(tm.mk_var("t", Sort::Type()))), "elemType(t)");
  EXPECT_EQ(j(tm.mk_eq(tm.mk_type_of(o), tm.mk_type("java/util/ArrayList"))),
            "typeOf(o) == java.util.ArrayList");
  EXPECT_EQ(j(tm.mk_not(tm.mk_instance_of(o, tm.mk_type("[I")))), "!(o instanceof int[])");
  EXPECT_EQ(j(tm.mk_sub_type(tm.mk_type("A"), tm.mk_type("B"))), "subType(A, B)");
  Term m = tm.mk_method("NewCarList", "set", "(ILCar;)LCar;");
  EXPECT_EQ(j(m), "NewCarList.set(int, Car)");
  EXPECT_EQ(j(tm.mk_eq(tm.mk_dispatch(tm.mk_type_of(o), tm.mk_signature("java/util/List", "set",
                                                                          "(ILjava/lang/Object;)Ljava/lang/Object;")),
                       m)),
            "dispatch(typeOf(o), java.util.List.set(int, java.lang.Object)) == NewCarList.set(int, Car)");
  EXPECT_EQ(j(tm.mk_eq(tm.exc(), tm.mk_null())), "exc == null");
  // Operands made in a fixed order: mk_eq orders them by creation, and the
  // order in which a call's arguments are evaluated differs between compilers.
  Term generic = tm.mk_generic(3, Sort::Int());
  Term ret = tm.ret(Sort::Int());
  EXPECT_EQ(j(tm.mk_eq(ret, generic)), "l3 == ret");
}

// Booleans and chars as Java writes them (issue #32): `!flag` for a
// boolean that is 0, `c == 'a'` for a char compared with a printable
// constant; ints stay as they are.
TEST(JavaPrinter, BooleansAndCharsAsJavaWritesThem) {
  TermManager tm;
  const Term flag = tm.mk_var("flag", Sort::Int()), c = tm.mk_var("c", Sort::Int()), n = tm.mk_var("n", Sort::Int());
  tm.set_java_type(flag, "Z");
  tm.set_java_type(c, "C");
  tm.set_java_type(n, "I");
  EXPECT_EQ(to_java(tm, tm.mk_eq(flag, tm.mk_int(0))), "!flag");
  EXPECT_EQ(to_java(tm, tm.mk_ne(flag, tm.mk_int(0))), "flag");
  EXPECT_EQ(to_java(tm, tm.mk_eq(flag, tm.mk_int(1))), "flag");
  EXPECT_EQ(to_java(tm, tm.mk_ne(flag, tm.mk_int(1))), "!flag");
  EXPECT_EQ(to_java(tm, tm.mk_eq(c, tm.mk_int('a'))), "c == 'a'");
  EXPECT_EQ(to_java(tm, tm.mk_lt(c, tm.mk_int('0'))), "c < '0'");
  EXPECT_EQ(to_java(tm, tm.mk_eq(c, tm.mk_int('\''))), "c == '\\''");
  EXPECT_EQ(to_java(tm, tm.mk_eq(c, tm.mk_int(10))), "c == 10");  // no printable literal
  EXPECT_EQ(to_java(tm, tm.mk_eq(n, tm.mk_int(0))), "n == 0");
  EXPECT_EQ(to_java(tm, tm.mk_eq(n, tm.mk_int('a'))), "n == 97");
  // A boolean field, a boolean array's element, in a conjunction.
  const Term o = tm.mk_var("o", Sort::Ref()), a = tm.mk_var("a", Sort::Ref());
  const Term on = tm.mk_read(tm.mk_field("p/C", "on", "Z"), o);
  const Term first = tm.mk_aread(tm.mk_array_map(ArrayKind::kBoolean), a, tm.mk_int(0));
  EXPECT_EQ(to_java(tm, Minterm::of(tm, {tm.mk_eq(on, tm.mk_int(0)), tm.mk_eq(first, tm.mk_int(1))})),
            "!o.on && a[0]");
  // Only program variables carry a declared type.
  EXPECT_EQ(to_java(tm, tm.mk_eq(tm.mk_generic(0, Sort::Int()), tm.mk_int(0))), "l0 == 0");
}

// fcmpl/fcmpg against 0 print as the float comparison Java wrote (issue
// #30: "arithmetic as Java writes it"), exact under NaN: each printed form
// is checked against java::fcmpl/fcmpg on values with NaN and signed zeros.
TEST(JavaPrinter, FloatComparisonsAsJavaWritesThem) {
  TermManager tm;
  const Term a = tm.mk_var("a", Sort::Double()), b = tm.mk_var("b", Sort::Double()), zero = tm.mk_int(0);
  struct Case {
    bool g;          // fcmpg (else fcmpl)
    const char* op;  // cmp OP 0
    const char* printed;
    bool (*java)(double, double);  // what the printed Java expression computes
  };
  const Case cases[] = {
      {true, "<", "a < b", [](double x, double y) { return x < y; }},
      {true, "<=", "a <= b", [](double x, double y) { return x <= y; }},
      {true, ">", "!(a <= b)", [](double x, double y) { return !(x <= y); }},
      {true, ">=", "!(a < b)", [](double x, double y) { return !(x < y); }},
      {true, "==", "a == b", [](double x, double y) { return x == y; }},
      {true, "!=", "a != b", [](double x, double y) { return x != y; }},
      {false, "<", "!(a >= b)", [](double x, double y) { return !(x >= y); }},
      {false, "<=", "!(a > b)", [](double x, double y) { return !(x > y); }},
      {false, ">", "a > b", [](double x, double y) { return x > y; }},
      {false, ">=", "a >= b", [](double x, double y) { return x >= y; }},
      {false, "==", "a == b", [](double x, double y) { return x == y; }},
      {false, "!=", "a != b", [](double x, double y) { return x != y; }},
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double values[] = {-1.5, -0.0, 0.0, 2.0, nan};
  for (const Case& c : cases) {
    const Term cmp = c.g ? tm.mk_fcmpg(a, b) : tm.mk_fcmpl(a, b);
    const std::string op = c.op;
    // cmp OP 0 as the logic holds it (x > 0 is 0 < x; != is a negated ==).
    Term t = op == "<"    ? tm.mk_lt(cmp, zero)
             : op == "<=" ? tm.mk_le(cmp, zero)
             : op == ">"  ? tm.mk_lt(zero, cmp)
             : op == ">=" ? tm.mk_le(zero, cmp)
             : op == "==" ? tm.mk_eq(cmp, zero)
                          : tm.mk_not(tm.mk_eq(cmp, zero));
    EXPECT_EQ(to_java(tm, t), c.printed) << (c.g ? "fcmpg " : "fcmpl ") << op;
    for (double x : values) {
      for (double y : values) {
        const int32_t r = c.g ? java::fcmpg(x, y) : java::fcmpl(x, y);
        const bool holds = op == "<" ? r < 0 : op == "<=" ? r <= 0 : op == ">" ? r > 0 : op == ">=" ? r >= 0
                                                                 : op == "==" ? r == 0 : r != 0;
        EXPECT_EQ(c.java(x, y), holds) << c.printed << " at " << x << ", " << y;
      }
    }
  }
  // Against -1 or 1 (the simplifier makes cmp < 0 into cmp == -1, at the
  // edge of the result's range), each test prints as one of the forms
  // above, the one that holds for the same values.
  for (bool g : {true, false}) {
    const Term cmp = g ? tm.mk_fcmpg(a, b) : tm.mk_fcmpl(a, b);
    for (int32_t k : {-1, 1}) {
      const Term c = tm.mk_int(k);
      struct Test {
        Term t;
        bool (*holds)(int32_t r, int32_t k);
      };
      const Test tests[] = {
          {tm.mk_eq(cmp, c), [](int32_t r, int32_t k) { return r == k; }},
          {tm.mk_not(tm.mk_eq(cmp, c)), [](int32_t r, int32_t k) { return r != k; }},
          {tm.mk_lt(cmp, c), [](int32_t r, int32_t k) { return r < k; }},
          {tm.mk_le(cmp, c), [](int32_t r, int32_t k) { return r <= k; }},
          {tm.mk_lt(c, cmp), [](int32_t r, int32_t k) { return k < r; }},
          {tm.mk_le(c, cmp), [](int32_t r, int32_t k) { return k <= r; }},
          {tm.mk_eq(c, cmp), [](int32_t r, int32_t k) { return r == k; }},
      };
      for (const Test& test : tests) {
        if (test.t.is_const()) continue;  // cmp <= 1: folded
        const std::string printed = to_java(tm, test.t);
        bool always = true, never = true;
        for (double x : values) {
          for (double y : values) {
            const bool h = test.holds(g ? java::fcmpg(x, y) : java::fcmpl(x, y), k);
            always = always && h, never = never && !h;
          }
        }
        if (always || never) continue;  // left as the logic has it
        const Case* same = nullptr;
        for (const Case& c2 : cases) {
          if (c2.g != g || printed != c2.printed) continue;
          same = &c2;
        }
        ASSERT_NE(same, nullptr) << printed << " (" << (g ? "fcmpg" : "fcmpl") << " against " << k << ")";
        for (double x : values) {
          for (double y : values) {
            EXPECT_EQ(same->java(x, y), test.holds(g ? java::fcmpg(x, y) : java::fcmpl(x, y), k))
                << printed << " at " << x << ", " << y;
          }
        }
      }
    }
  }
  // A negated comparison prints its own Java form.
  EXPECT_EQ(to_java(tm, tm.mk_not(tm.mk_lt(tm.mk_fcmpg(a, b), zero))), "!(a < b)");
  // A value compared with itself is the NaN test (javac: x != x).
  EXPECT_EQ(to_java(tm, tm.mk_not(tm.mk_eq(tm.mk_fcmpl(a, a), zero))), "Double.isNaN(a)");
  EXPECT_EQ(to_java(tm, tm.mk_eq(tm.mk_fcmpg(a, a), zero)), "!Double.isNaN(a)");
  const Term f = tm.mk_var("f", Sort::Float());
  EXPECT_EQ(to_java(tm, tm.mk_and({tm.mk_not(tm.mk_eq(tm.mk_fcmpl(f, f), zero)), tm.mk_lt(tm.mk_fcmpg(a, b), zero)})),
            "a < b && Float.isNaN(f)");
}

TEST(JavaPrinter, TypeNames) {
  EXPECT_EQ(java_type_name("java/util/ArrayList"), "java.util.ArrayList");
  EXPECT_EQ(java_type_name("[I"), "int[]");
  EXPECT_EQ(java_type_name("[[Ljava/lang/String;"), "java.lang.String[][]");
  EXPECT_EQ(java_type_name("Outer$Inner"), "Outer$Inner");
  EXPECT_EQ(java_parameter_list("(ILCar;[[JZ)V"), "(int, Car, long[][], boolean)");
  EXPECT_EQ(java_parameter_list("()V"), "()");
}

}  // namespace
}  // namespace jwp::logic
