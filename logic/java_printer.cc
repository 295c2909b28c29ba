// The Java-like printer (printer.h). Precedence levels follow the JLS
// (15.x): a subterm is parenthesized when its level is below the level its
// position requires.
#include <charconv>
#include <cmath>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "logic/internal/util.h"
#include "base/java_semantics.h"
#include "logic/printer.h"

namespace jwp::logic {

using internal::av;

namespace {

enum Prec : int {
  kTernary = 2,
  kLogicalOr = 3,
  kLogicalAnd = 4,
  kBitOrPrec = 5,
  kBitXorPrec = 6,
  kBitAndPrec = 7,
  kEquality = 8,
  kRelational = 9,
  kShift = 10,
  kAdditive = 11,
  kMultiplicative = 12,
  kUnary = 13,
  kNew = 14,
  kPostfix = 15,
  kAtom = 16,
};

// Shortest text that reads back as the same float or double.
template <typename F>
std::string shortest(F v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, res.ptr);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}


// One field descriptor at `pos` as a Java type; advances pos.
std::string descriptor_type(std::string_view d, size_t& pos) {
  int dims = 0;
  while (pos < d.size() && d[pos] == '[') {
    ++dims;
    ++pos;
  }
  std::string base;
  if (pos >= d.size()) return "?";
  switch (d[pos]) {
    case 'Z': base = "boolean"; ++pos; break;
    case 'B': base = "byte"; ++pos; break;
    case 'C': base = "char"; ++pos; break;
    case 'S': base = "short"; ++pos; break;
    case 'I': base = "int"; ++pos; break;
    case 'J': base = "long"; ++pos; break;
    case 'F': base = "float"; ++pos; break;
    case 'D': base = "double"; ++pos; break;
    case 'V': base = "void"; ++pos; break;
    case 'L': {
      size_t end = d.find(';', pos);
      if (end == std::string_view::npos) end = d.size();
      base = std::string(d.substr(pos + 1, end - pos - 1));
      for (char& c : base) {
        if (c == '/') c = '.';
      }
      pos = end + 1;
      break;
    }
    default: base = "?"; ++pos; break;
  }
  for (int i = 0; i < dims; ++i) base += "[]";
  return base;
}

class JavaPrinter {
 public:
  explicit JavaPrinter(const TermManager& tm) : tm_(tm) {}

  std::string print(Term t, int min_prec) {
    int prec = kAtom;
    std::string s = render(t, prec);
    if (prec < min_prec) return absl::StrCat("(", s, ")");
    return s;
  }

 private:
  // == or !=, a named constant on the right (x == State.DONE).
  std::string equality(Term a, std::string_view op, Term b, int& prec) {
    auto named = [&](Term t) { return t.is_var() && tm_.var_info(t).named_constant; };
    if (named(a) && !named(b)) std::swap(a, b);
    return binary(a, op, b, kEquality, prec);
  }
  std::string binary(Term a, std::string_view op, Term b, int p, int& prec) {
    prec = p;
    // A char compared with a constant: the constant as a char literal.
    const bool chars = (p == kEquality || p == kRelational) && (java_kind(a) == 'C' || java_kind(b) == 'C');
    return absl::StrCat(side(a, p, chars), " ", av(op), " ", side(b, p + 1, chars));
  }
  std::string side(Term t, int p, bool chars) {
    if (chars && t.is_const() && t.sort().is_int()) {
      const int32_t c = t.int_value();
      if (c >= 0x20 && c < 0x7f) {
        if (c == '\'' || c == '\\') return absl::StrCat("'\\", std::string(1, static_cast<char>(c)), "'");
        return absl::StrCat("'", std::string(1, static_cast<char>(c)), "'");
      }
    }
    return print(t, p);
  }
  // The Java type of an int-sorted term when the program declared it
  // boolean, byte, char or short (Z, B, C, S): a variable the vocabulary
  // typed, a field read, an array element; 0 when not known.
  char java_kind(Term t) const {
    if (!t.sort().is_int()) return 0;
    switch (t.kind()) {
      case TermKind::kVar: return tm_.var_info(t).java_type;
      case TermKind::kRead:
        if (t.arg(0).is(TermKind::kFieldConst)) {
          std::string_view d = tm_.field_info(t.arg(0)).descriptor;
          return d.size() == 1 ? d[0] : 0;
        }
        return 0;
      case TermKind::kARead:
        return t.arg(0).is(TermKind::kArrayConst) ? array_kind_descriptor(tm_.array_kind(t.arg(0))) : 0;
      default: return 0;
    }
  }
  // A comparison of fcmpl/fcmpg (dcmpl/dcmpg) with -1, 0 or 1 as the float
  // comparison Java wrote (JVMS 6.5: fcmpg gives 1 on NaN, fcmpl -1, so
  // fcmpg(a, b) < 0 is exactly a < b; the other direction needs a
  // negation: fcmpg(a, b) > 0 is !(a <= b)). The simplifier turns a test
  // at the edge of the result's range into an equality (fcmpg(a, b) < 0
  // into fcmpg(a, b) == -1): against -1 or 1 it is read back as a test
  // against 0. `rel` is kEq, kLt or kLe over (x, y); nullopt when neither
  // side is such a comparison against one of those constants.
  std::optional<std::string> float_test(TermKind rel, Term x, Term y, bool negated, int& prec) {
    auto is_cmp = [](Term t) { return t.is(TermKind::kFCmpL) || t.is(TermKind::kFCmpG); };
    auto is_unit = [](Term t) {
      return t.is_const() && t.sort().is_int() && t.int_value() >= -1 && t.int_value() <= 1;
    };
    std::string op;
    Term cmp;
    int32_t c = 0;
    if (is_cmp(x) && is_unit(y)) {
      cmp = x, c = y.int_value();
      op = rel == TermKind::kEq ? "==" : rel == TermKind::kLt ? "<" : "<=";
    } else if (is_unit(x) && is_cmp(y)) {
      cmp = y, c = x.int_value();
      op = rel == TermKind::kEq ? "==" : rel == TermKind::kLt ? ">" : ">=";
    } else {
      return std::nullopt;
    }
    // cmp op c as cmp op' 0, the result being -1, 0 or 1. A test that
    // always or never holds (cmp <= 1) is left as it is.
    if (c == -1) {
      if (op == "==" || op == "<=") op = "<";
      else if (op == ">") op = ">=";
      else return std::nullopt;
    } else if (c == 1) {
      if (op == "==" || op == ">=") op = ">";
      else if (op == "<") op = "<=";
      else return std::nullopt;
    }
    if (negated) {
      op = op == "==" ? "!=" : op == "<" ? ">=" : op == "<=" ? ">" : op == ">" ? "<=" : "<";
    }
    // x != x is how the bytecode asks for NaN: Double.isNaN(x), as Java says it.
    if ((op == "==" || op == "!=") && cmp.arg(0) == cmp.arg(1) && cmp.arg(0).sort().is_floating()) {
      int inner = kAtom;
      const std::string test = absl::StrCat(cmp.arg(0).sort().is_float() ? "Float" : "Double", ".isNaN(",
                                            render(cmp.arg(0), inner), ")");
      prec = op == "!=" ? kAtom : kUnary;
      return op == "!=" ? test : absl::StrCat("!", test);
    }
    // NaN makes fcmpg 1 and fcmpl -1: the direction NaN falls on is the
    // one that needs a negation of the opposite test.
    const bool g = cmp.is(TermKind::kFCmpG);
    std::string java = op;
    bool negate = false;
    if (op == "<" && !g) java = ">=", negate = true;
    else if (op == "<=" && !g) java = ">", negate = true;
    else if (op == ">" && g) java = "<=", negate = true;
    else if (op == ">=" && g) java = "<", negate = true;
    int inner = kAtom;
    std::string s = binary(cmp.arg(0), java, cmp.arg(1), op == "==" || op == "!=" ? kEquality : kRelational, inner);
    if (!negate) {
      prec = inner;
      return s;
    }
    prec = kUnary;
    return absl::StrCat("!(", s, ")");
  }
  // `x == c` (or its negation) for a boolean x and c 0 or 1, as Java writes
  // it: x or !x; nullopt otherwise.
  std::optional<std::string> boolean_test(Term a, Term b, bool negated, int& prec) {
    if (java_kind(b) == 'Z' && a.is_const()) std::swap(a, b);
    if (java_kind(a) != 'Z' || !b.is_const() || !b.sort().is_int()) return std::nullopt;
    const int32_t c = b.int_value();
    if (c != 0 && c != 1) return std::nullopt;
    if ((c == 1) != negated) {
      int inner = kAtom;
      std::string s = render(a, inner);
      prec = inner;
      return s;
    }
    prec = kUnary;
    return absl::StrCat("!", print(a, kUnary));
  }
  std::string call(std::string_view f, std::span<const Term> args, int& prec) {
    prec = kAtom;
    std::string s = absl::StrCat(av(f), "(");
    for (size_t i = 0; i < args.size(); ++i) {
      if (i > 0) s += ", ";
      s += print(args[i], 0);
    }
    return s + ")";
  }
  std::string member_name(Term m) {
    MemberRef r = tm_.method_info(m);
    return absl::StrCat(java_type_name(r.owner), ".", av(r.name),
                        java_parameter_list(r.descriptor));
  }
  std::string constant(Term t, int& prec) {
    switch (t.sort().kind()) {
      case SortKind::kBool: return t.bool_value() ? "true" : "false";
      case SortKind::kInt:
        if (t.int_value() < 0) prec = kUnary;
        return absl::StrCat(t.int_value());
      case SortKind::kLong:
        if (t.long_value() < 0) prec = kUnary;
        return absl::StrCat(t.long_value(), "L");
      case SortKind::kFloat: {
        float f = t.float_value();
        if (std::isnan(f)) return "Float.NaN";
        if (std::isinf(f)) return f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
        if (std::signbit(f)) prec = kUnary;
        return shortest(f) + "f";
      }
      case SortKind::kDouble: {
        double d = t.double_value();
        if (std::isnan(d)) return "Double.NaN";
        if (std::isinf(d)) return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
        if (std::signbit(d)) prec = kUnary;
        return shortest(d);
      }
      default: return "?";
    }
  }

  std::string render(Term t, int& prec) {
    auto a = [&](size_t i) { return t.arg(i); };
    switch (t.kind()) {
      case TermKind::kConst: return constant(t, prec);
      case TermKind::kNull: return "null";
      case TermKind::kStringLit: return java_string_literal(tm_.string_value(t));
      case TermKind::kTypeConst: return java_type_name(tm_.type_name(t));
      case TermKind::kFieldConst: return std::string(tm_.field_info(t).name);
      case TermKind::kArrayConst:
        return absl::StrCat(av(array_kind_name(tm_.array_kind(t))), "[]");
      case TermKind::kMethodConst: return member_name(t);
      case TermKind::kSigConst: return member_name(t);
      case TermKind::kVar: return std::string(tm_.var_info(t).name);
      case TermKind::kFresh: {
        prec = kNew;
        std::string type = java_type_name(tm_.type_name(a(0)));
        if (t.num_args() == 2) {  // new int[n]: the first [] gets the length
          size_t brackets = type.find("[]");
          type = absl::StrCat(type.substr(0, brackets), "[", print(a(1), 0), "]",
                              type.substr(brackets + 2));
        }
        return absl::StrCat("new ", type, "#", t.payload());
      }
      case TermKind::kNot: {
        Term x = a(0);
        if (x.is(TermKind::kEq) || x.is(TermKind::kLt) || x.is(TermKind::kLe)) {
          if (std::optional<std::string> f = float_test(x.kind(), x.arg(0), x.arg(1), /*negated=*/true, prec)) {
            return *f;
          }
        }
        if (x.is(TermKind::kEq)) {
          if (std::optional<std::string> b = boolean_test(x.arg(0), x.arg(1), /*negated=*/true, prec)) return *b;
          return equality(x.arg(0), "!=", x.arg(1), prec);
        }
        prec = kUnary;
        return absl::StrCat("!", print(x, kUnary));
      }
      case TermKind::kAnd:
      case TermKind::kOr: {
        const bool is_and = t.is(TermKind::kAnd);
        prec = is_and ? kLogicalAnd : kLogicalOr;
        // Operands of || that are && get parentheses, for readers.
        const int operand = is_and ? kLogicalAnd : kLogicalAnd + 1;
        std::string s;
        for (size_t i = 0; i < t.num_args(); ++i) {
          if (i > 0) s += is_and ? " && " : " || ";
          s += print(a(i), operand);
        }
        return s;
      }
      case TermKind::kIte:
        prec = kTernary;
        return absl::StrCat(print(a(0), kLogicalOr), " ? ", print(a(1), kLogicalOr), " : ",
                            print(a(2), kTernary));
      case TermKind::kEq:
        if (std::optional<std::string> f = float_test(t.kind(), a(0), a(1), /*negated=*/false, prec)) return *f;
        if (std::optional<std::string> b = boolean_test(a(0), a(1), /*negated=*/false, prec)) return *b;
        return equality(a(0), "==", a(1), prec);
      case TermKind::kLt:
      case TermKind::kLe: {
        // Constant on the left reads better flipped: 0 < x as x > 0.
        const bool lt = t.is(TermKind::kLt);
        if (std::optional<std::string> f = float_test(t.kind(), a(0), a(1), /*negated=*/false, prec)) return *f;
        if (a(0).is_const() && !a(1).is_const()) {
          return binary(a(1), lt ? ">" : ">=", a(0), kRelational, prec);
        }
        return binary(a(0), lt ? "<" : "<=", a(1), kRelational, prec);
      }
      case TermKind::kNeg: prec = kUnary; return absl::StrCat("-", print(a(0), kUnary));
      case TermKind::kAdd: {
        Term c = a(1);
        if (c.is_const() && c.sort().is_integral() && c.integral_value() < 0 &&
            c.integral_value() != (c.sort().is_int() ? java::kIntMin : java::kLongMin)) {
          prec = kAdditive;  // x + -1 as x - 1
          std::string mag = absl::StrCat(-c.integral_value(), c.sort().is_long() ? "L" : "");
          return absl::StrCat(print(a(0), kAdditive), " - ", mag);
        }
        return binary(a(0), "+", c, kAdditive, prec);
      }
      case TermKind::kSub: return binary(a(0), "-", a(1), kAdditive, prec);
      case TermKind::kMul: return binary(a(0), "*", a(1), kMultiplicative, prec);
      case TermKind::kDiv: return binary(a(0), "/", a(1), kMultiplicative, prec);
      case TermKind::kRem: return binary(a(0), "%", a(1), kMultiplicative, prec);
      case TermKind::kBitAnd: return binary(a(0), "&", a(1), kBitAndPrec, prec);
      case TermKind::kBitOr: return binary(a(0), "|", a(1), kBitOrPrec, prec);
      case TermKind::kBitXor: return binary(a(0), "^", a(1), kBitXorPrec, prec);
      case TermKind::kShl: return binary(a(0), "<<", a(1), kShift, prec);
      case TermKind::kShr: return binary(a(0), ">>", a(1), kShift, prec);
      case TermKind::kUShr: return binary(a(0), ">>>", a(1), kShift, prec);
      case TermKind::kLCmp: return call("Long.compare", t.args(), prec);
      case TermKind::kFCmpL:
        return call(a(0).sort().is_double() ? "dcmpl" : "fcmpl", t.args(), prec);
      case TermKind::kFCmpG:
        return call(a(0).sort().is_double() ? "dcmpg" : "fcmpg", t.args(), prec);
      case TermKind::kI2L: case TermKind::kF2L: case TermKind::kD2L:
        prec = kUnary; return absl::StrCat("(long) ", print(a(0), kUnary));
      case TermKind::kI2F: case TermKind::kL2F: case TermKind::kD2F:
        prec = kUnary; return absl::StrCat("(float) ", print(a(0), kUnary));
      case TermKind::kI2D: case TermKind::kL2D: case TermKind::kF2D:
        prec = kUnary; return absl::StrCat("(double) ", print(a(0), kUnary));
      case TermKind::kL2I: case TermKind::kF2I: case TermKind::kD2I:
        prec = kUnary; return absl::StrCat("(int) ", print(a(0), kUnary));
      case TermKind::kI2B: prec = kUnary; return absl::StrCat("(byte) ", print(a(0), kUnary));
      case TermKind::kI2C: prec = kUnary; return absl::StrCat("(char) ", print(a(0), kUnary));
      case TermKind::kI2S: prec = kUnary; return absl::StrCat("(short) ", print(a(0), kUnary));
      case TermKind::kRead: {
        Term f = a(0);
        // The String model's characters, as String's own methods say them.
        if (const Term chars = tm_.string_value_field(); !chars.is_null()) {
          if (tm_.is_length_field(f) && a(1).is(TermKind::kRead) && a(1).arg(0) == chars) {
            prec = kPostfix;
            return absl::StrCat(print(a(1).arg(1), kPostfix), ".length()");
          }
          if (f == chars) {
            prec = kPostfix;
            return absl::StrCat(print(a(1), kPostfix), ".toCharArray()");
          }
        }
        if (f.is(TermKind::kFieldConst)) {
          prec = kPostfix;
          return absl::StrCat(print(a(1), kPostfix), ".", av(tm_.field_info(f).name));
        }
        return call("read", t.args(), prec);
      }
      case TermKind::kARead:
        if (const Term chars = tm_.string_value_field();
            !chars.is_null() && a(1).is(TermKind::kRead) && a(1).arg(0) == chars) {
          prec = kPostfix;
          return absl::StrCat(print(a(1).arg(1), kPostfix), ".charAt(", print(a(2), 0), ")");
        }
        if (a(0).is(TermKind::kArrayConst)) {
          prec = kPostfix;
          return absl::StrCat(print(a(1), kPostfix), "[", print(a(2), 0), "]");
        }
        return call("aread", t.args(), prec);
      case TermKind::kUpdate: return call("update", t.args(), prec);
      case TermKind::kAUpdate: return call("aupdate", t.args(), prec);
      case TermKind::kMod: return call("mod", t.args(), prec);
      case TermKind::kTypeOf: return call("typeOf", t.args(), prec);
      case TermKind::kSubType:
        if (a(0).is(TermKind::kTypeOf) && a(1).is(TermKind::kTypeConst)) {
          prec = kRelational;
          return absl::StrCat(print(a(0).arg(0), kShift), " instanceof ", print(a(1), 0));
        }
        if (a(0).is(TermKind::kTypeOf) && a(1).is(TermKind::kClassType)) {  // as Class.isInstance
          prec = kPostfix;
          return absl::StrCat(print(a(1).arg(0), kPostfix), ".isInstance(", print(a(0).arg(0), 0), ")");
        }
        if (a(1).is(TermKind::kElemType) && a(1).arg(0).is(TermKind::kTypeOf) &&
            (a(0).is(TermKind::kTypeOf) || a(0).is(TermKind::kTypeConst))) {
          prec = kPostfix;  // what aastore checks, as Java asks it
          const std::string component = absl::StrCat(print(a(1).arg(0).arg(0), kPostfix), ".getClass().getComponentType()");
          if (a(0).is(TermKind::kTypeConst)) return absl::StrCat(component, ".isAssignableFrom(", print(a(0), 0), ".class)");
          return absl::StrCat(component, ".isInstance(", print(a(0).arg(0), 0), ")");
        }
        if (a(0).is(TermKind::kClassType) && (a(1).is(TermKind::kClassType) || a(1).is(TermKind::kTypeConst))) {
          prec = kPostfix;  // as Class.isAssignableFrom
          const std::string to = a(1).is(TermKind::kTypeConst) ? absl::StrCat(print(a(1), 0), ".class")
                                                                 : print(a(1).arg(0), kPostfix);
          return absl::StrCat(to, ".isAssignableFrom(", print(a(0).arg(0), 0), ")");
        }
        return call("subType", t.args(), prec);
      case TermKind::kDispatch: return call("dispatch", t.args(), prec);
      case TermKind::kClassOf:
        prec = kPostfix;
        if (a(0).is(TermKind::kTypeConst)) return absl::StrCat(print(a(0), 0), ".class");
        if (a(0).is(TermKind::kTypeOf)) return absl::StrCat(print(a(0).arg(0), kPostfix), ".getClass()");
        return call("classOf", t.args(), prec);
      case TermKind::kClassType: return call("classType", t.args(), prec);
      case TermKind::kElemType: return call("elemType", t.args(), prec);
    }
    return "?";
  }

  const TermManager& tm_;
};

}  // namespace

std::string java_string_literal(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);  // UTF-8 passes through
        }
    }
  }
  return out + "\"";
}

std::string java_type_name(std::string_view name) {
  if (!name.empty() && name[0] == '[') {
    size_t pos = 0;
    return descriptor_type(name, pos);
  }
  std::string s(name);
  for (char& c : s) {
    if (c == '/') c = '.';
  }
  return s;
}

std::string java_parameter_list(std::string_view d) {
  std::string out = "(";
  if (d.empty() || d[0] != '(') return "()";
  size_t pos = 1;
  bool first = true;
  while (pos < d.size() && d[pos] != ')') {
    if (!first) out += ", ";
    first = false;
    out += descriptor_type(d, pos);
  }
  return out + ")";
}

std::string to_java(const TermManager& tm, Term t) {
  if (t.is_null()) return "<null term>";
  return JavaPrinter(tm).print(t, 0);
}

std::string to_java(const TermManager& tm, const Minterm& m) {
  if (m.is_true()) return "true";
  return to_java(tm, m.term());
}

}  // namespace jwp::logic
