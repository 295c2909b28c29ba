// The SMT-LIB 2 printer (printer.h): the exact Java encoding of every term
// kind, declarations of what a script uses, background axioms, and
// define-fun for large shared subterms.
#include <algorithm>
#include <bit>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/check.h"
#include "logic/internal/util.h"
#include "base/java_semantics.h"
#include "logic/printer.h"
#include "logic/visit.h"

namespace jwp::logic {

using internal::av;

namespace {

// Names Z3 and SMT-LIB 2.6 reserve or predefine (commands, core, ints and
// reals, bit-vectors, arrays, floating point) and our own function symbols.
constexpr std::string_view kReserved[] = {
    "!", "_", "as", "let", "exists", "forall", "match", "par", "NUMERAL", "DECIMAL", "STRING",
    "assert", "check-sat", "declare-const", "declare-fun", "declare-sort", "define-fun",
    "define-sort", "push", "pop", "true", "false", "and", "or", "not", "xor", "ite", "distinct",
    "=>", "=", "select", "store", "const", "abs", "div", "mod", "rem", "to_real", "to_int",
    "is_int", "concat", "extract", "repeat", "zero_extend", "sign_extend", "rotate_left",
    "rotate_right", "fp", "RNE", "RNA", "RTP", "RTN", "RTZ", "roundNearestTiesToEven",
    "roundNearestTiesToAway", "roundTowardPositive", "roundTowardNegative", "roundTowardZero",
    "NaN", "to_fp", "to_fp_unsigned", "Bool", "Int", "Real", "Array", "BitVec", "FloatingPoint",
    "RoundingMode", "String", "Float32", "Float64", "Ref", "Type", "Method", "Sig", "null",
    "typeOf", "subType", "dispatch", "int2bv", "bv2int", "bv2nat", "min", "max", "root-obj",
    "ext_rotate_left", "ext_rotate_right", "ubv_to_fp", "sbv_to_fp", "fp_to_ubv", "fp_to_sbv",
    "map", "default", "as-array", "lambda", "pi", "euler", "exp", "sin", "cos", "tan",
};

bool is_reserved(std::string_view s) {
  // No predefined symbol contains '!' except "!" itself: renamed symbols
  // (base!k) are never reserved.
  if (s.size() > 1 && s.find('!') != std::string_view::npos) return false;
  if (std::find(std::begin(kReserved), std::end(kReserved), s) != std::end(kReserved)) return true;
  // Families of predefined names: bvadd..., fp.add..., str.len, re.*, seq.*,
  // and our generated _tN / mod / frem names.
  for (std::string_view p : {"bv", "fp.", "str.", "re.", "seq.", "_t", "java.", "fmod.", "amod."}) {
    if (s.starts_with(p)) return true;
  }
  return false;
}

bool is_simple_symbol_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("~!@$%^&*_-+=<>.?/").find(c) != std::string_view::npos;
}

// The symbol as written: simple when possible, else |quoted|.
std::string quote(std::string_view s) {
  bool simple = !s.empty() && !(s[0] >= '0' && s[0] <= '9') &&
                std::all_of(s.begin(), s.end(), is_simple_symbol_char);
  if (simple) return std::string(s);
  std::string q = "|";
  for (char c : s) q += (c == '|' || c == '\\') ? '_' : c;
  return q + "|";
}

std::string sort_tag(Sort s) {  // suffix of per-sort function names
  switch (s.kind()) {
    case SortKind::kInt: return "I";
    case SortKind::kLong: return "J";
    case SortKind::kFloat: return "F";
    case SortKind::kDouble: return "D";
    case SortKind::kRef: return "R";
    case SortKind::kBool: return "Z";
    default: return "X";
  }
}

std::string fp_literal(Sort s, uint64_t bits) {
  const int eb = s.is_float() ? 8 : 11, sb = s.is_float() ? 24 : 53;
  const int width = eb + sb;
  const bool neg = (bits >> (width - 1)) & 1;
  const uint64_t exp = (bits >> (sb - 1)) & ((uint64_t{1} << eb) - 1);
  const uint64_t frac = bits & ((uint64_t{1} << (sb - 1)) - 1);
  const std::string dims = absl::StrCat(eb, " ", sb);
  if (exp == (uint64_t{1} << eb) - 1) {
    if (frac != 0) return absl::StrCat("(_ NaN ", dims, ")");
    return absl::StrCat("(_ ", neg ? "-oo " : "+oo ", dims, ")");
  }
  if (exp == 0 && frac == 0) return absl::StrCat("(_ ", neg ? "-zero " : "+zero ", dims, ")");
  auto binary = [](uint64_t v, int n) {
    std::string b = "#b";
    for (int i = n - 1; i >= 0; --i) b += ((v >> i) & 1) ? '1' : '0';
    return b;
  };
  return absl::StrCat("(fp ", neg ? "#b1" : "#b0", " ", binary(exp, eb), " ",
                      binary(frac, sb - 1), ")");
}

std::string fp_const(Sort s, double v) {
  return fp_literal(s, s.is_float() ? std::bit_cast<uint32_t>(static_cast<float>(v))
                                    : std::bit_cast<uint64_t>(v));
}

}  // namespace

std::string smtlib_sort(Sort s) {
  switch (s.kind()) {
    case SortKind::kBool: return "Bool";
    case SortKind::kInt: return "(_ BitVec 32)";
    case SortKind::kLong: return "(_ BitVec 64)";
    case SortKind::kFloat: return "(_ FloatingPoint 8 24)";
    case SortKind::kDouble: return "(_ FloatingPoint 11 53)";
    case SortKind::kRef: return "Ref";
    case SortKind::kType: return "Type";
    case SortKind::kMethod: return "Method";
    case SortKind::kSignature: return "Sig";
    case SortKind::kString: return "String";
    case SortKind::kFieldMap: return absl::StrCat("(Array Ref ", smtlib_sort(s.element()), ")");
    case SortKind::kArrayMap:
      return absl::StrCat("(Array Ref (Array (_ BitVec 32) ", smtlib_sort(s.element()), "))");
  }
  return "?";
}

SmtLibPrinter::SmtLibPrinter(const TermManager& tm, SmtLibOptions options)
    : tm_(tm), options_(options) {}

void SmtLibPrinter::add_assertion(Term t) {
  JWP_CHECK(!t.is_null() && t.sort().is_bool(), "an assertion is a Bool term");
  assertions_.push_back(t);
}

void SmtLibPrinter::add_assertion(const Minterm& m) {
  for (Term l : m.literals()) assertions_.push_back(l);
}

std::string SmtLibPrinter::unique(std::string base) {
  std::string name = base;
  for (int k = 1; is_reserved(name) || used_names_.contains(name); ++k) {
    name = absl::StrCat(base, "!", k);
  }
  used_names_.insert(name);
  return quote(name);
}

std::string SmtLibPrinter::name_for(Term t) {
  switch (t.kind()) {
    case TermKind::kVar: {
      const VarInfo& info = tm_.var_info(t);
      std::string n(info.name);
      if (info.role == VarRole::kSkolem) {
        // σ_exc#3 -> sk_exc#3; an input's skolem named for what it reads
        // (System.getProperty("k")) -> sk.System.getProperty("k").
        constexpr std::string_view kSigma = "σ";
        n = n.starts_with(kSigma) ? absl::StrCat("sk", n.substr(kSigma.size())) : absl::StrCat("sk.", n);
      }
      if (info.role == VarRole::kProgram && info.ns != 0) absl::StrAppend(&n, "@", info.ns);
      return unique(n);
    }
    case TermKind::kTypeConst: return unique(std::string(tm_.type_name(t)));
    case TermKind::kFieldConst: {
      if (tm_.is_length_field(t)) return unique("length");
      MemberRef f = tm_.field_info(t);
      return unique(absl::StrCat(av(f.owner), ".", av(f.name)));
    }
    case TermKind::kArrayConst:
      return unique(absl::StrCat(av(array_kind_name(tm_.array_kind(t))), "[]"));
    case TermKind::kMethodConst:
    case TermKind::kSigConst: {
      MemberRef m = tm_.method_info(t);
      return unique(absl::StrCat(t.is(TermKind::kSigConst) ? "sig:" : "", av(m.owner), ".",
                                 av(m.name), av(m.descriptor)));
    }
    case TermKind::kStringLit: {
      std::string s(tm_.string_value(t));
      if (s.size() > 40) s = s.substr(0, 40) + "...";
      for (char& c : s) {
        if (static_cast<unsigned char>(c) < 0x20) c = ' ';
      }
      return unique(absl::StrCat("str:\"", s, "\""));
    }
    case TermKind::kFresh:
      return unique(absl::StrCat("new ", av(tm_.type_name(t.arg(0))), "#", t.payload()));
    default: return "?";
  }
}

std::string SmtLibPrinter::int_literal(Sort s, int64_t v) const {
  const int w = s.width();
  if (v >= 0) return absl::StrCat("(_ bv", v, " ", w, ")");
  if (v == (w == 32 ? int64_t{java::kIntMin} : java::kLongMin)) {
    return w == 32 ? "#x80000000" : "#x8000000000000000";
  }
  return absl::StrCat("(bvneg (_ bv", -v, " ", w, "))");
}

std::string SmtLibPrinter::expr(Term t) {
  std::string out;
  expr_to(t, out);
  return out;
}

void SmtLibPrinter::expr_to(Term t, std::string& out) {
  if (auto it = shared_.find(t.id()); it != shared_.end()) {
    out += it->second;
    return;
  }
  if (auto it = names_.find(t.id()); it != names_.end()) {
    out += it->second;
    return;
  }
  auto a = [&](size_t i) { return t.arg(i); };
  auto app = [&](std::string_view f, std::initializer_list<Term> args) {
    out += "(";
    out += f;
    for (Term x : args) {
      out += " ";
      expr_to(x, out);
    }
    out += ")";
  };
  auto nary = [&](std::string_view f) {
    out += "(";
    out += f;
    for (Term x : t.args()) {
      out += " ";
      expr_to(x, out);
    }
    out += ")";
  };
  const Sort s = t.sort();
  const bool fp = t.num_args() > 0 && a(0).sort().is_floating();
  switch (t.kind()) {
    case TermKind::kConst:
      switch (s.kind()) {
        case SortKind::kBool: out += t.bool_value() ? "true" : "false"; return;
        case SortKind::kInt:
        case SortKind::kLong: out += int_literal(s, t.integral_value()); return;
        default: out += fp_literal(s, t.payload()); return;
      }
    case TermKind::kNull: out += "null"; return;
    case TermKind::kStringLit: case TermKind::kTypeConst: case TermKind::kFieldConst:
    case TermKind::kArrayConst: case TermKind::kMethodConst: case TermKind::kSigConst:
    case TermKind::kVar: case TermKind::kFresh:
      out += "?undeclared";  // every leaf is declared by script()
      return;
    case TermKind::kNot: app("not", {a(0)}); return;
    case TermKind::kAnd: nary("and"); return;
    case TermKind::kOr: nary("or"); return;
    case TermKind::kIte: app("ite", {a(0), a(1), a(2)}); return;
    case TermKind::kEq: app("=", {a(0), a(1)}); return;
    case TermKind::kLt: app("bvslt", {a(0), a(1)}); return;
    case TermKind::kLe: app("bvsle", {a(0), a(1)}); return;
    case TermKind::kNeg: app(fp ? "fp.neg" : "bvneg", {a(0)}); return;
    case TermKind::kAdd: fp ? app("fp.add RNE", {a(0), a(1)}) : app("bvadd", {a(0), a(1)}); return;
    case TermKind::kSub: fp ? app("fp.sub RNE", {a(0), a(1)}) : app("bvsub", {a(0), a(1)}); return;
    case TermKind::kMul: fp ? app("fp.mul RNE", {a(0), a(1)}) : app("bvmul", {a(0), a(1)}); return;
    // bvsdiv truncates and gives MIN for MIN / -1, as Java does; division by
    // zero is excluded by the wp condition, so its SMT-LIB value is moot.
    case TermKind::kDiv: fp ? app("fp.div RNE", {a(0), a(1)}) : app("bvsdiv", {a(0), a(1)}); return;
    case TermKind::kRem:
      fp ? app(absl::StrCat("java.frem.", sort_tag(s)), {a(0), a(1)}) : app("bvsrem", {a(0), a(1)});
      return;
    case TermKind::kBitAnd: app("bvand", {a(0), a(1)}); return;
    case TermKind::kBitOr: app("bvor", {a(0), a(1)}); return;
    case TermKind::kBitXor: app("bvxor", {a(0), a(1)}); return;
    case TermKind::kShl: case TermKind::kShr: case TermKind::kUShr: {
      const std::string_view op = t.is(TermKind::kShl)   ? "bvshl"
                                  : t.is(TermKind::kShr) ? "bvashr"
                                                         : "bvlshr";
      out += "(";
      out += op;
      out += " ";
      expr_to(a(0), out);
      out += " ";
      Term count = a(1);
      if (count.is_const()) {  // already masked (term.h rule 7)
        out += int_literal(s, count.int_value());
      } else if (s.is_int()) {
        out += "(bvand ";
        expr_to(count, out);
        out += " (_ bv31 32))";
      } else {
        out += "((_ zero_extend 32) (bvand ";
        expr_to(count, out);
        out += " (_ bv63 32)))";
      }
      out += ")";
      return;
    }
    case TermKind::kLCmp:
      out += "(ite (bvslt ";
      expr_to(a(0), out);
      out += " ";
      expr_to(a(1), out);
      out += ") (bvneg (_ bv1 32)) (ite (= ";
      expr_to(a(0), out);
      out += " ";
      expr_to(a(1), out);
      out += ") (_ bv0 32) (_ bv1 32)))";
      return;
    case TermKind::kFCmpL:
    case TermKind::kFCmpG: {
      // fcmpl: x < y: -1; x == y (+0 == -0): 0; x > y: 1; unordered: -1
      // (fcmpg: 1).
      std::string x = expr(a(0)), y = expr(a(1));
      const char* nan = t.is(TermKind::kFCmpL) ? "(bvneg (_ bv1 32))" : "(_ bv1 32)";
      absl::StrAppend(&out, "(ite (fp.lt ", x, " ", y, ") (bvneg (_ bv1 32)) (ite (fp.eq ", x, " ",
                      y, ") (_ bv0 32) (ite (fp.gt ", x, " ", y, ") (_ bv1 32) ", nan, ")))");
      return;
    }
    case TermKind::kI2L: app("(_ sign_extend 32)", {a(0)}); return;
    case TermKind::kL2I: app("(_ extract 31 0)", {a(0)}); return;
    case TermKind::kI2B:
      out += "((_ sign_extend 24) ((_ extract 7 0) ";
      expr_to(a(0), out);
      out += "))";
      return;
    case TermKind::kI2C:
      out += "((_ zero_extend 16) ((_ extract 15 0) ";
      expr_to(a(0), out);
      out += "))";
      return;
    case TermKind::kI2S:
      out += "((_ sign_extend 16) ((_ extract 15 0) ";
      expr_to(a(0), out);
      out += "))";
      return;
    case TermKind::kI2F: case TermKind::kL2F: case TermKind::kD2F:
      app("(_ to_fp 8 24) RNE", {a(0)});
      return;
    case TermKind::kI2D: case TermKind::kL2D: case TermKind::kF2D:
      app("(_ to_fp 11 53) RNE", {a(0)});
      return;
    case TermKind::kF2I: case TermKind::kD2I: case TermKind::kF2L: case TermKind::kD2L: {
      // NaN -> 0; x >= 2^(w-1) -> MAX; x <= -2^(w-1) -> MIN; else toward zero.
      const Sort from = a(0).sort();
      const int w = s.width();
      const double lim = w == 32 ? 2147483648.0 : 9223372036854775808.0;
      std::string x = expr(a(0));
      absl::StrAppend(&out, "(ite (fp.isNaN ", x, ") ", int_literal(s, 0), " (ite (fp.geq ", x,
                      " ", fp_const(from, lim), ") ",
                      int_literal(s, w == 32 ? java::kIntMax : java::kLongMax), " (ite (fp.leq ",
                      x, " ", fp_const(from, -lim), ") ",
                      int_literal(s, w == 32 ? int64_t{java::kIntMin} : java::kLongMin),
                      " ((_ fp.to_sbv ", w, ") RTZ ", x, "))))");
      return;
    }
    case TermKind::kRead: app("select", {a(0), a(1)}); return;
    case TermKind::kUpdate: app("store", {a(0), a(1), a(2)}); return;
    case TermKind::kARead:
      out += "(select (select ";
      expr_to(a(0), out);
      out += " ";
      expr_to(a(1), out);
      out += ") ";
      expr_to(a(2), out);
      out += ")";
      return;
    case TermKind::kAUpdate: {
      std::string m = expr(a(0)), r = expr(a(1));
      absl::StrAppend(&out, "(store ", m, " ", r, " (store (select ", m, " ", r, ") ");
      expr_to(a(2), out);
      out += " ";
      expr_to(a(3), out);
      out += "))";
      return;
    }
    case TermKind::kMod:
      app(absl::StrCat(s.kind() == SortKind::kFieldMap ? "fmod." : "amod.", sort_tag(s.element())),
          {a(0), a(1)});
      return;
    case TermKind::kTypeOf: app("typeOf", {a(0)}); return;
    case TermKind::kSubType: app("subType", {a(0), a(1)}); return;
    case TermKind::kDispatch: app("dispatch", {a(0), a(1)}); return;
    case TermKind::kClassOf: app("classOf", {a(0)}); return;
    case TermKind::kClassType: app("classType", {a(0)}); return;
    case TermKind::kElemType: app("elemType", {a(0)}); return;
  }
}

std::string SmtLibPrinter::script() {
  names_.clear();
  shared_.clear();
  used_names_.clear();
  declared_.clear();

  // Every distinct subterm, children first, in a deterministic order.
  std::vector<Term> order;
  absl::flat_hash_map<uint32_t, uint32_t> uses;
  for (Term r : assertions_) ++uses[r.id()];
  for_each_subterm(std::span<const Term>(assertions_), [&](Term t) {
    order.push_back(t);
    for (Term x : t.args()) ++uses[x.id()];
  });

  // What the script needs.
  bool need[kSortKindCount] = {};
  std::vector<Term> leaves, fresh, strings, types, methods, sigs, field_consts, array_consts,
      length_reads;
  bool type_of = false, sub_type = false, dispatch = false, null_used = false;
  std::vector<Term> class_ofs;
  bool class_type = false;
  bool elem_type = false;
  std::vector<std::string> mods, frems;
  auto note_sort = [&](Sort s) {
    need[static_cast<int>(s.kind())] = true;
    if (s.is_map()) need[static_cast<int>(s.element().kind())] = true;
  };
  auto add_leaf = [&](Term t) {
    if (names_.contains(t.id())) return;
    names_[t.id()] = "";  // named below, in order
    leaves.push_back(t);
    note_sort(t.sort());
    switch (t.kind()) {
      case TermKind::kFresh: fresh.push_back(t); break;
      case TermKind::kStringLit: strings.push_back(t); break;
      case TermKind::kTypeConst: types.push_back(t); break;
      case TermKind::kMethodConst: methods.push_back(t); break;
      case TermKind::kSigConst: sigs.push_back(t); break;
      case TermKind::kFieldConst: field_consts.push_back(t); break;
      case TermKind::kArrayConst: array_consts.push_back(t); break;
      default: break;
    }
  };
  for (Term t : order) {
    note_sort(t.sort());
    switch (t.kind()) {
      case TermKind::kStringLit: case TermKind::kTypeConst: case TermKind::kFieldConst:
      case TermKind::kArrayConst: case TermKind::kMethodConst: case TermKind::kSigConst:
      case TermKind::kVar: case TermKind::kFresh:
        add_leaf(t);
        break;
      case TermKind::kNull: null_used = true; break;
      case TermKind::kTypeOf: type_of = true; break;
      case TermKind::kSubType: sub_type = true; break;
      case TermKind::kDispatch: dispatch = true; break;
      case TermKind::kClassOf: class_ofs.push_back(t); break;
      case TermKind::kClassType: class_type = true; break;
      case TermKind::kElemType: elem_type = true; break;
      case TermKind::kMod: {
        std::string f = absl::StrCat(t.sort().kind() == SortKind::kFieldMap ? "fmod." : "amod.",
                                     sort_tag(t.sort().element()));
        if (std::find(mods.begin(), mods.end(), f) == mods.end()) {
          mods.push_back(f);
          mods.push_back(smtlib_sort(t.sort()));
        }
        break;
      }
      case TermKind::kRem:
        if (t.sort().is_floating()) {
          std::string f = absl::StrCat("java.frem.", sort_tag(t.sort()));
          if (std::find(frems.begin(), frems.end(), f) == frems.end()) {
            frems.push_back(f);
            frems.push_back(smtlib_sort(t.sort()));
          }
        }
        break;
      case TermKind::kRead:
        if (tm_.is_length_field(t.arg(0))) length_reads.push_back(t);
        break;
      default: break;
    }
  }
  const bool background = options_.background_axioms;
  if (background) {
    if (!fresh.empty() || !strings.empty() || !class_ofs.empty()) {
      type_of = true;
      null_used = true;
      need[static_cast<int>(SortKind::kType)] = true;
    }
    if (!strings.empty()) add_leaf(tm_.string_type());
    if (!class_ofs.empty()) add_leaf(tm_.class_type());
    for (Term f : fresh) {
      if (f.num_args() == 2) add_leaf(tm_.length_field());
    }
  }
  const bool class_objects = !class_ofs.empty() || class_type;
  if (type_of || null_used || class_objects) need[static_cast<int>(SortKind::kRef)] = true;
  if (type_of || sub_type || dispatch || class_objects) need[static_cast<int>(SortKind::kType)] = true;
  if (dispatch) {
    need[static_cast<int>(SortKind::kMethod)] = true;
    need[static_cast<int>(SortKind::kSignature)] = true;
  }

  // Names, in order of first appearance.
  for (Term t : leaves) {
    std::string n = name_for(t);
    names_[t.id()] = n;
    declared_.emplace_back(t, n);
  }
  // Shared subterms.
  std::vector<Term> defs;
  if (options_.share_min_size > 0) {
    for (Term t : order) {
      if (t.num_args() > 0 && !t.is(TermKind::kFresh) && uses[t.id()] >= 2 &&
          t.size() >= options_.share_min_size) {
        defs.push_back(t);
      }
    }
  }

  std::string out = absl::StrCat("; jwp logic: ", assertions_.size(), " assertion",
                                 assertions_.size() == 1 ? "" : "s", "\n");
  if (options_.set_logic) out += "(set-logic ALL)\n";
  for (Sort k : {Sort::Ref(), Sort::Type(), Sort::Method(), Sort::Signature()}) {
    if (need[static_cast<int>(k.kind())]) absl::StrAppend(&out, "(declare-sort ", smtlib_sort(k), " 0)\n");
  }
  if (null_used) out += "(declare-const null Ref)\n";
  if (type_of) out += "(declare-fun typeOf (Ref) Type)\n";
  if (sub_type) out += "(declare-fun subType (Type Type) Bool)\n";
  if (dispatch) out += "(declare-fun dispatch (Type Sig) Method)\n";
  if (!class_ofs.empty()) out += "(declare-fun classOf (Type) Ref)\n";
  // classOf's inverse (it is injective), and Class.isInstance's type.
  if (class_type || (background && !class_ofs.empty())) out += "(declare-fun classType (Ref) Type)\n";
  if (elem_type) out += "(declare-fun elemType (Type) Type)\n";
  for (size_t i = 0; i < mods.size(); i += 2) {
    absl::StrAppend(&out, "(declare-fun ", mods[i], " (", mods[i + 1], " ", mods[i + 1], ") ",
                    mods[i + 1], ")\n");
  }
  for (size_t i = 0; i < frems.size(); i += 2) {
    absl::StrAppend(&out, "; uninterpreted: Java's float remainder (fmod) has no SMT-LIB operator\n",
                    "(declare-fun ", frems[i], " (", frems[i + 1], " ", frems[i + 1], ") ",
                    frems[i + 1], ")\n");
  }
  for (const auto& [t, n] : declared_) {
    absl::StrAppend(&out, "(declare-const ", n, " ", smtlib_sort(t.sort()), ")\n");
  }
  {
    int k = 0;
    for (Term t : defs) {
      std::string body = expr(t);
      std::string n = absl::StrCat("_t", ++k);
      used_names_.insert(n);
      shared_[t.id()] = n;
      absl::StrAppend(&out, "(define-fun ", n, " () ", smtlib_sort(t.sort()), " ", body, ")\n");
    }
  }
  if (background) {
    std::vector<std::string> bg;
    auto distinct = [&](const std::vector<Term>& ts, bool with_null) {
      std::vector<std::string> ns;
      if (with_null) ns.push_back("null");
      for (Term t : ts) ns.push_back(names_[t.id()]);
      if (ns.size() >= 2) bg.push_back(absl::StrCat("(distinct ", absl::StrJoin(ns, " "), ")"));
    };
    distinct(types, false);
    distinct(methods, false);
    distinct(sigs, false);
    std::vector<Term> refs = fresh;
    refs.insert(refs.end(), strings.begin(), strings.end());
    distinct(refs, true);
    for (Term f : fresh) {
      const std::string n = names_[f.id()];
      bg.push_back(absl::StrCat("(= (typeOf ", n, ") ", names_[f.arg(0).id()], ")"));
      if (f.num_args() == 2) {
        bg.push_back(absl::StrCat("(= (select ", names_[tm_.length_field().id()], " ", n, ") ",
                                  expr(f.arg(1)), ")"));
      }
      for (Term m : field_consts) {
        if (tm_.is_length_field(m)) continue;
        bg.push_back(absl::StrCat("(= (select ", names_[m.id()], " ", n, ") ",
                                  m.sort().element().is_ref()
                                      ? std::string("null")
                                      : m.sort().element().is_integral()
                                            ? int_literal(m.sort().element(), 0)
                                            : fp_literal(m.sort().element(), 0),
                                  ")"));
      }
      for (Term m : array_consts) {
        Sort e = m.sort().element();
        std::string zero = e.is_ref()        ? std::string("null")
                           : e.is_integral() ? int_literal(e, 0)
                                             : fp_literal(e, 0);
        bg.push_back(absl::StrCat("(= (select ", names_[m.id()], " ", n, ") ((as const (Array (_ BitVec 32) ",
                                  smtlib_sort(e), ")) ", zero, "))"));
      }
    }
    for (Term s : strings) {
      bg.push_back(absl::StrCat("(= (typeOf ", names_[s.id()], ") ",
                                names_[tm_.string_type().id()], ")"));
    }
    // Rule 12: a class object is of class java.lang.Class, one per type,
    // never null, a string literal or an object the program allocated.
    for (Term c : class_ofs) {
      const std::string x = expr(c);
      bg.push_back(absl::StrCat("(= (classType ", x, ") ", expr(c.arg(0)), ")"));
      bg.push_back(absl::StrCat("(= (typeOf ", x, ") ", names_[tm_.class_type().id()], ")"));
      bg.push_back(absl::StrCat("(not (= ", x, " null))"));
      for (Term r : refs) bg.push_back(absl::StrCat("(not (= ", x, " ", names_[r.id()], "))"));
    }
    // Rule 13: the element type of each reference array type the script
    // names, when it names that element type too.
    if (elem_type) {
      for (Term a : types) {
        const std::string_view name = tm_.type_name(a);
        if (name.size() < 2 || name[0] != '[' || (name[1] != 'L' && name[1] != '[')) continue;
        const std::string_view elem = name[1] == 'L' ? name.substr(2, name.size() - 3) : name.substr(1);
        for (Term e : types) {
          if (tm_.type_name(e) == elem) bg.push_back(absl::StrCat("(= (elemType ", names_[a.id()], ") ", names_[e.id()], ")"));
        }
      }
    }
    for (Term r : length_reads) bg.push_back(absl::StrCat("(bvsle (_ bv0 32) ", expr(r), ")"));
    if (!bg.empty()) {
      out += "; background\n";
      for (const std::string& b : bg) absl::StrAppend(&out, "(assert ", b, ")\n");
    }
  }
  for (Term t : assertions_) absl::StrAppend(&out, "(assert ", expr(t), ")\n");
  if (options_.check_sat) out += "(check-sat)\n";
  return out;
}

std::string to_smtlib(const TermManager& tm, std::span<const Term> assertions,
                      const SmtLibOptions& options) {
  SmtLibPrinter p(tm, options);
  for (Term t : assertions) p.add_assertion(t);
  return p.script();
}

std::string to_smtlib(const TermManager& tm, const Minterm& m, const SmtLibOptions& options) {
  SmtLibPrinter p(tm, options);
  p.add_assertion(m);
  return p.script();
}

}  // namespace jwp::logic
