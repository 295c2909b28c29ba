// The Z3 encoding of every term kind and the axiom instances (encoder.h).
// Each kind follows the SMT-LIB printer (logic/smtlib_printer.cc) so that
// the solver and a printed script agree; tests/solver/validation_test.cc
// cross-checks the two on random terms.
#include "solver/internal/encoder.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/java_semantics.h"
#include "logic/visit.h"

namespace jwp::solver::internal {

using logic::Sort;
using logic::SortKind;
using logic::Term;
using logic::TermKind;
using logic::VarRole;

namespace {

std::string str(std::string_view s) { return std::string(s); }

}  // namespace

std::string descriptor_type(std::string_view d) {
  if (d.size() >= 3 && d.front() == 'L' && d.back() == ';') return str(d.substr(1, d.size() - 2));
  if (!d.empty() && d.front() == '[') return str(d);
  return {};
}

std::string reference_element_type(std::string_view type) {
  return !type.empty() && type.front() == '[' ? descriptor_type(type.substr(1)) : std::string();
}

Encoder::Encoder(z3::context& ctx, logic::TermManager& tm, EncoderOptions options)
    : ctx_(ctx),
      tm_(tm),
      options_(options),
      ref_(ctx.uninterpreted_sort("Ref")),
      type_(ctx.uninterpreted_sort("Type")),
      method_(ctx.uninterpreted_sort("Method")),
      sig_(ctx.uninterpreted_sort("Sig")),
      string_(ctx.uninterpreted_sort("String")),
      null_(ctx.constant("null", ref_)),
      typeof_fn_(ctx.function("typeOf", ref_, type_)),
      subtype_fn_(ctx.function("subType", type_, type_, ctx.bool_sort())),
      dispatch_fn_(ctx.function("dispatch", type_, sig_, method_)),
      class_of_fn_(ctx.function("classOf", type_, ref_)),
      class_type_fn_(ctx.function("classType", ref_, type_)),
      elem_type_fn_(ctx.function("elemType", type_, type_)) {}

z3::expr Encoder::wrap(Z3_ast a) {
  ctx_.check_error();
  return z3::expr(ctx_, a);
}

z3::sort Encoder::sort(Sort s) {
  switch (s.kind()) {
    case SortKind::kBool: return ctx_.bool_sort();
    case SortKind::kInt: return ctx_.bv_sort(32);
    case SortKind::kLong: return ctx_.bv_sort(64);
    case SortKind::kFloat: uses_floating_point_ = true; return ctx_.fpa_sort(8, 24);
    case SortKind::kDouble: uses_floating_point_ = true; return ctx_.fpa_sort(11, 53);
    case SortKind::kRef: return ref_;
    case SortKind::kType: return type_;
    case SortKind::kMethod: return method_;
    case SortKind::kSignature: return sig_;
    case SortKind::kString: return string_;
    case SortKind::kFieldMap: return ctx_.array_sort(ref_, sort(s.element()));
    case SortKind::kArrayMap:
      return ctx_.array_sort(ref_, ctx_.array_sort(ctx_.bv_sort(32), sort(s.element())));
  }
  return ctx_.bool_sort();
}

// An IEEE value from its bits, exactly: (_ to_fp e s) applied to a
// bit-vector reinterprets the bits.
z3::expr Encoder::fp_bits(Sort s, uint64_t bits) {
  const unsigned w = s.is_float() ? 32 : 64;
  z3::expr bv = ctx_.bv_val(static_cast<uint64_t>(w == 32 ? (bits & 0xffffffffu) : bits), w);
  return wrap(Z3_mk_fpa_to_fp_bv(ctx_, bv, sort(s)));
}

z3::expr Encoder::default_value(Sort s) {
  switch (s.kind()) {
    case SortKind::kInt: return ctx_.bv_val(0, 32);
    case SortKind::kLong: return ctx_.bv_val(0, 64);
    case SortKind::kFloat:
    case SortKind::kDouble: return fp_bits(s, 0);
    case SortKind::kRef: return null_;
    default: return ctx_.bool_val(false);
  }
}

z3::expr Encoder::select(const z3::expr& map, const z3::expr& index) const {
  Z3_ast r = Z3_mk_select(ctx_, map, index);
  ctx_.check_error();
  return z3::expr(ctx_, r);
}

z3::expr Encoder::type_const(const std::string& name) {
  auto it = types_.find(name);
  if (it != types_.end()) return it->second;
  z3::expr c = ctx_.constant(absl::StrCat("T:", name).c_str(), type_);
  types_.emplace(name, c);
  return c;
}

z3::expr Encoder::method_const(const std::string& owner, const std::string& name,
                               const std::string& descriptor) {
  std::string key = absl::StrCat(owner, ".", name, descriptor);
  auto it = methods_.find(key);
  if (it != methods_.end()) return it->second;
  z3::expr c = ctx_.constant(absl::StrCat("M:", key).c_str(), method_);
  methods_.emplace(key, c);
  return c;
}

z3::expr Encoder::typed(const z3::expr& ref) {
  if (typeof_ids_.insert(Z3_get_ast_id(ctx_, ref)).second) typeof_args_.push_back(ref);
  return typeof_fn_(ref);
}

z3::func_decl Encoder::mod_fn(Sort s) {
  auto it = mod_fns_.find(s.bits());
  if (it != mod_fns_.end()) return it->second;
  // fmod.I / amod.R ... as the printer names them: (M, M) -> M.
  const char* tag = "X";
  switch (s.element().kind()) {
    case SortKind::kInt: tag = "I"; break;
    case SortKind::kLong: tag = "J"; break;
    case SortKind::kFloat: tag = "F"; break;
    case SortKind::kDouble: tag = "D"; break;
    case SortKind::kRef: tag = "R"; break;
    default: break;
  }
  z3::sort m = sort(s);
  z3::func_decl f = ctx_.function(
      absl::StrCat(s.kind() == SortKind::kFieldMap ? "fmod." : "amod.", tag).c_str(), m, m, m);
  mod_fns_.emplace(s.bits(), f);
  return f;
}

z3::func_decl Encoder::frem_fn(Sort s) {
  auto it = frem_fns_.find(s.bits());
  if (it != frem_fns_.end()) return it->second;
  z3::sort fs = sort(s);
  z3::func_decl f = ctx_.function(s.is_float() ? "java.frem.F" : "java.frem.D", fs, fs, fs);
  frem_fns_.emplace(s.bits(), f);
  const std::string what = "float/double remainder (Java's fmod) is an uninterpreted function";
  if (std::find(uninterpreted_.begin(), uninterpreted_.end(), what) == uninterpreted_.end()) {
    uninterpreted_.push_back(what);
  }
  note(what);
  return f;
}

void Encoder::note(std::string assumption) {
  for (const std::string& a : assumptions_) {
    if (a == assumption) return;
  }
  assumptions_.push_back(std::move(assumption));
}

z3::expr Encoder::map_constant(Term m) {
  if (auto it = enc_.find(m.id()); it != enc_.end()) return it->second;
  z3::expr c = leaf(m);
  enc_.emplace(m.id(), c);
  return c;
}

z3::expr Encoder::constant_read(Term t) {
  if (t.is(TermKind::kRead)) {
    return select(e(base_map(t.arg(0), false)), e(t.arg(1)));
  }
  if (t.is(TermKind::kARead)) {
    return select(select(e(base_map(t.arg(0), false)), e(t.arg(1))), e(t.arg(2)));
  }
  return e(t);
}

bool Encoder::is_instantiable(const std::string& type) const {
  return instantiable_.contains(type);
}

Term Encoder::base_map(Term m, bool through_mod) {
  while (m.is(TermKind::kUpdate) || m.is(TermKind::kAUpdate) ||
         (through_mod && m.is(TermKind::kMod))) {
    m = m.arg(0);
  }
  return (m.is(TermKind::kFieldConst) || m.is(TermKind::kArrayConst)) ? m : Term();
}

// ---- Leaves -------------------------------------------------------------------

z3::expr Encoder::leaf(Term t) {
  switch (t.kind()) {
    case TermKind::kConst: {
      const Sort s = t.sort();
      switch (s.kind()) {
        case SortKind::kBool: return ctx_.bool_val(t.bool_value());
        case SortKind::kInt: return ctx_.bv_val(static_cast<uint64_t>(static_cast<uint32_t>(t.int_value())), 32);
        case SortKind::kLong: return ctx_.bv_val(static_cast<uint64_t>(t.long_value()), 64);
        default: return fp_bits(s, t.payload());
      }
    }
    case TermKind::kNull: return null_;
    case TermKind::kStringLit:
      return ctx_.constant(absl::StrCat("str#", t.id()).c_str(), ref_);
    case TermKind::kTypeConst: return type_const(str(tm_.type_name(t)));
    case TermKind::kFieldConst: {
      if (tm_.is_length_field(t)) return ctx_.constant("length", sort(t.sort()));
      logic::MemberRef f = tm_.field_info(t);
      return ctx_.constant(absl::StrCat("F:", str(f.owner), ".", str(f.name), ":", str(f.descriptor)).c_str(),
                           sort(t.sort()));
    }
    case TermKind::kArrayConst:
      return ctx_.constant(absl::StrCat("A:", str(logic::array_kind_name(tm_.array_kind(t))), "[]").c_str(),
                           sort(t.sort()));
    case TermKind::kMethodConst: {
      logic::MemberRef m = tm_.method_info(t);
      return method_const(str(m.owner), str(m.name), str(m.descriptor));
    }
    case TermKind::kSigConst: {
      logic::MemberRef m = tm_.method_info(t);
      return ctx_.constant(absl::StrCat("S:", str(m.owner), ".", str(m.name), str(m.descriptor)).c_str(),
                           sig_);
    }
    case TermKind::kVar: {
      const logic::VarInfo& info = tm_.var_info(t);
      return ctx_.constant(absl::StrCat(str(info.name), "!", t.id()).c_str(), sort(t.sort()));
    }
    case TermKind::kFresh:
      return ctx_.constant(
          absl::StrCat("new ", str(tm_.type_name(t.arg(0))), "#", t.payload()).c_str(), ref_);
    default: break;
  }
  return ctx_.bool_val(false);  // not a leaf: never reached
}

// ---- Conversions (JVMS i2l ... i2s) --------------------------------------------

z3::expr Encoder::conversion(Term t, const z3::expr& x) {
  const Sort to = t.sort();
  switch (t.kind()) {
    case TermKind::kI2L: return wrap(Z3_mk_sign_ext(ctx_, 32, x));
    case TermKind::kL2I: return wrap(Z3_mk_extract(ctx_, 31, 0, x));
    case TermKind::kI2B: return wrap(Z3_mk_sign_ext(ctx_, 24, wrap(Z3_mk_extract(ctx_, 7, 0, x))));
    case TermKind::kI2C: return wrap(Z3_mk_zero_ext(ctx_, 16, wrap(Z3_mk_extract(ctx_, 15, 0, x))));
    case TermKind::kI2S: return wrap(Z3_mk_sign_ext(ctx_, 16, wrap(Z3_mk_extract(ctx_, 15, 0, x))));
    case TermKind::kI2F: case TermKind::kL2F: case TermKind::kI2D: case TermKind::kL2D:
      // (_ to_fp e s) RNE on a bit-vector: a signed integer, rounded.
      return wrap(Z3_mk_fpa_to_fp_signed(ctx_, wrap(Z3_mk_fpa_rne(ctx_)), x, sort(to)));
    case TermKind::kF2D: case TermKind::kD2F:
      return wrap(Z3_mk_fpa_to_fp_float(ctx_, wrap(Z3_mk_fpa_rne(ctx_)), x, sort(to)));
    case TermKind::kF2I: case TermKind::kF2L: case TermKind::kD2I: case TermKind::kD2L: {
      // NaN -> 0; x >= 2^(w-1) -> MAX; x <= -2^(w-1) -> MIN; else toward zero.
      const Sort from = t.arg(0).sort();
      const unsigned w = static_cast<unsigned>(to.width());
      const double lim = w == 32 ? 2147483648.0 : 9223372036854775808.0;
      auto bits = [&](double v) -> uint64_t {
        return from.is_float() ? std::bit_cast<uint32_t>(static_cast<float>(v))
                               : std::bit_cast<uint64_t>(v);
      };
      z3::expr hi = fp_bits(from, bits(lim)), lo = fp_bits(from, bits(-lim));
      z3::expr max = ctx_.bv_val(static_cast<uint64_t>(w == 32 ? uint64_t{0x7fffffff} : uint64_t{0x7fffffffffffffff}), w);
      z3::expr min = ctx_.bv_val(static_cast<uint64_t>(w == 32 ? uint64_t{0x80000000} : uint64_t{0x8000000000000000}), w);
      z3::expr trunc = wrap(Z3_mk_fpa_to_sbv(ctx_, wrap(Z3_mk_fpa_rtz(ctx_)), x, w));
      return z3::ite(wrap(Z3_mk_fpa_is_nan(ctx_, x)), ctx_.bv_val(0, w),
                     z3::ite(wrap(Z3_mk_fpa_geq(ctx_, x, hi)), max,
                             z3::ite(wrap(Z3_mk_fpa_leq(ctx_, x, lo)), min, trunc)));
    }
    default: break;
  }
  return x;
}

// ---- Inner nodes ---------------------------------------------------------------

z3::expr Encoder::node(Term t) {
  if (t.is_leaf() || t.is(TermKind::kFresh)) return leaf(t);
  const Sort s = t.sort();
  const bool fp = t.num_args() > 0 && t.arg(0).sort().is_floating();
  auto a = [&](size_t i) -> const z3::expr& { return e(t.arg(i)); };
  auto rne = [&] { return wrap(Z3_mk_fpa_rne(ctx_)); };
  switch (t.kind()) {
    case TermKind::kNot: return !a(0);
    case TermKind::kAnd:
    case TermKind::kOr: {
      std::vector<Z3_ast> xs;
      for (Term x : t.args()) xs.push_back(e(x));
      const unsigned n = static_cast<unsigned>(xs.size());
      return wrap(t.is(TermKind::kAnd) ? Z3_mk_and(ctx_, n, xs.data()) : Z3_mk_or(ctx_, n, xs.data()));
    }
    case TermKind::kIte: return wrap(Z3_mk_ite(ctx_, a(0), a(1), a(2)));
    case TermKind::kEq: return wrap(Z3_mk_eq(ctx_, a(0), a(1)));  // identity, also for FP
    case TermKind::kLt: return wrap(Z3_mk_bvslt(ctx_, a(0), a(1)));
    case TermKind::kLe: return wrap(Z3_mk_bvsle(ctx_, a(0), a(1)));
    case TermKind::kNeg: return wrap(fp ? Z3_mk_fpa_neg(ctx_, a(0)) : Z3_mk_bvneg(ctx_, a(0)));
    case TermKind::kAdd:
      return wrap(fp ? Z3_mk_fpa_add(ctx_, rne(), a(0), a(1)) : Z3_mk_bvadd(ctx_, a(0), a(1)));
    case TermKind::kSub:
      return wrap(fp ? Z3_mk_fpa_sub(ctx_, rne(), a(0), a(1)) : Z3_mk_bvsub(ctx_, a(0), a(1)));
    case TermKind::kMul:
      return wrap(fp ? Z3_mk_fpa_mul(ctx_, rne(), a(0), a(1)) : Z3_mk_bvmul(ctx_, a(0), a(1)));
    // bvsdiv truncates and gives MIN for MIN / -1, as Java does. Division by
    // zero throws in Java; bvsdiv's value there is a fixed function of x, so
    // x / 0 is deterministic (as in the printer).
    case TermKind::kDiv:
      return wrap(fp ? Z3_mk_fpa_div(ctx_, rne(), a(0), a(1)) : Z3_mk_bvsdiv(ctx_, a(0), a(1)));
    // bvsrem takes the sign of the dividend, as Java's %; MIN % -1 == 0.
    case TermKind::kRem:
      if (fp) return frem_fn(s)(a(0), a(1));
      return wrap(Z3_mk_bvsrem(ctx_, a(0), a(1)));
    case TermKind::kBitAnd: return wrap(Z3_mk_bvand(ctx_, a(0), a(1)));
    case TermKind::kBitOr: return wrap(Z3_mk_bvor(ctx_, a(0), a(1)));
    case TermKind::kBitXor: return wrap(Z3_mk_bvxor(ctx_, a(0), a(1)));
    case TermKind::kShl: case TermKind::kShr: case TermKind::kUShr: {
      // The count is masked: & 31 for int, & 63 for long (then widened).
      z3::expr count = s.is_int()
                           ? wrap(Z3_mk_bvand(ctx_, a(1), ctx_.bv_val(31, 32)))
                           : wrap(Z3_mk_zero_ext(ctx_, 32, wrap(Z3_mk_bvand(ctx_, a(1), ctx_.bv_val(63, 32)))));
      if (t.is(TermKind::kShl)) return wrap(Z3_mk_bvshl(ctx_, a(0), count));
      if (t.is(TermKind::kShr)) return wrap(Z3_mk_bvashr(ctx_, a(0), count));
      return wrap(Z3_mk_bvlshr(ctx_, a(0), count));
    }
    case TermKind::kLCmp: {
      z3::expr m1 = ctx_.bv_val(static_cast<uint64_t>(0xffffffffu), 32);
      return z3::ite(wrap(Z3_mk_bvslt(ctx_, a(0), a(1))), m1,
                     z3::ite(wrap(Z3_mk_eq(ctx_, a(0), a(1))), ctx_.bv_val(0, 32), ctx_.bv_val(1, 32)));
    }
    case TermKind::kFCmpL: case TermKind::kFCmpG: {
      // x < y: -1; x == y (+0 == -0): 0; x > y: 1; unordered: -1 (fcmpl)
      // or 1 (fcmpg).
      z3::expr m1 = ctx_.bv_val(static_cast<uint64_t>(0xffffffffu), 32);
      z3::expr one = ctx_.bv_val(1, 32);
      z3::expr nan = t.is(TermKind::kFCmpL) ? m1 : one;
      return z3::ite(wrap(Z3_mk_fpa_lt(ctx_, a(0), a(1))), m1,
                     z3::ite(wrap(Z3_mk_fpa_eq(ctx_, a(0), a(1))), ctx_.bv_val(0, 32),
                             z3::ite(wrap(Z3_mk_fpa_gt(ctx_, a(0), a(1))), one, nan)));
    }
    case TermKind::kI2L: case TermKind::kI2F: case TermKind::kI2D: case TermKind::kL2I:
    case TermKind::kL2F: case TermKind::kL2D: case TermKind::kF2I: case TermKind::kF2L:
    case TermKind::kF2D: case TermKind::kD2I: case TermKind::kD2L: case TermKind::kD2F:
    case TermKind::kI2B: case TermKind::kI2C: case TermKind::kI2S:
      return conversion(t, a(0));
    case TermKind::kRead: return select(a(0), a(1));
    case TermKind::kUpdate: return wrap(Z3_mk_store(ctx_, a(0), a(1), a(2)));
    case TermKind::kARead: return select(select(a(0), a(1)), a(2));
    case TermKind::kAUpdate:
      return wrap(Z3_mk_store(ctx_, a(0), a(1), wrap(Z3_mk_store(ctx_, select(a(0), a(1)), a(2), a(3)))));
    case TermKind::kMod:
      if (options_.mods_as_effects) {
        encoded_mods_as_effects_ = true;
        return a(1);
      }
      return mod_fn(s)(a(0), a(1));
    case TermKind::kTypeOf: return typed(a(0));
    case TermKind::kSubType: return subtype_fn_(a(0), a(1));
    case TermKind::kDispatch: return dispatch_fn_(a(0), a(1));
    case TermKind::kClassOf: return class_of_fn_(a(0));
    case TermKind::kClassType: return class_type_fn_(a(0));
    case TermKind::kElemType: return elem_type_fn_(a(0));
    default: break;
  }
  return leaf(t);
}

// ---- What the query mentions ---------------------------------------------------

void Encoder::add_type_name(const std::string& name) {
  if (type_name_set_.insert(name).second) type_names_.push_back(name);
}

void Encoder::collect() {
  const bool with_types = options_.types != nullptr;
  for (Term t : subterms_) {
    switch (t.kind()) {
      case TermKind::kTypeConst: add_type_name(str(tm_.type_name(t))); break;
      case TermKind::kFresh: fresh_.push_back(t); break;
      case TermKind::kStringLit: strings_.push_back(t); break;
      case TermKind::kClassType: class_types_.push_back(t); break;
      case TermKind::kElemType: elem_types_ = true; break;
      case TermKind::kClassOf:
        class_ofs_.push_back(t);
        preexisting_refs_.push_back(t);  // H4: a class object is never fresh
        witness_refs_.push_back(t);
        break;
      case TermKind::kFieldConst: field_consts_.push_back(t); break;
      case TermKind::kArrayConst: array_consts_.push_back(t); break;
      case TermKind::kSigConst: sig_consts_.push_back(t); break;
      case TermKind::kVar:
        if (t.sort().kind() == SortKind::kType) type_vars_.push_back(t);
        if (t.sort().is_ref() && tm_.var_info(t).role == VarRole::kProgram) preexisting_refs_.push_back(t);
        if (t.sort().is_ref()) witness_refs_.push_back(t);
        if (t.sort().is_ref() && tm_.var_info(t).non_null) non_null_vars_.push_back(t);
        break;
      case TermKind::kRead: {
        Term m = t.arg(0);
        if (Term base = base_map(m, /*through_mod=*/false); base && tm_.is_length_field(base)) {
          length_indices_.push_back(t.arg(1));
        }
        // read(F, u) for a constant F, also where the read goes through
        // updates of F: read(update(F, v, w), u) is ite(v = u, w, read(F, u))
        // (H1), and H4/T5 hold for the implicit read(F, u).
        if (Term base = base_map(m, /*through_mod=*/false);
            base && base.is(TermKind::kFieldConst) && t.sort().is_ref()) {
          preexisting_refs_.push_back(t);
          if (!descriptor_type(tm_.field_info(base).descriptor).empty()) ref_field_reads_.push_back(t);
        }
        if (t.sort().is_ref()) witness_refs_.push_back(t);
        break;
      }
      case TermKind::kARead: {
        Term base = base_map(t.arg(0), /*through_mod=*/false);
        if (base && base.is(TermKind::kArrayConst) && t.sort().is_ref()) {
          preexisting_refs_.push_back(t);  // the implicit aread(A, y, i), as for fields
          ref_element_reads_.push_back(t);
        }
        if (t.sort().is_ref()) witness_refs_.push_back(t);
        // A character of an array the entry holds (a variable's, or a
        // variable's field's: a String parameter's characters).
        Term ref = t.arg(1);
        if (ref.is(TermKind::kRead) && ref.arg(1).is(TermKind::kVar)) ref = ref.arg(1);
        if (base && base.is(TermKind::kArrayConst) && tm_.array_kind(base) == logic::ArrayKind::kChar &&
            ref.is(TermKind::kVar)) {
          entry_char_reads_.push_back(t);
        }
        break;
      }
      case TermKind::kSubType: {
        subtype_terms_.push_back(t);
        Term b = t.arg(1);
        if (b.is(TermKind::kTypeConst)) {
          subtype_targets_.push_back(str(tm_.type_name(b)));
        } else {
          all_subtype_pairs_ = true;
        }
        break;
      }
      case TermKind::kMethodConst:
        // A receiver that dispatches to M may be an instance of M's class.
        method_owners_.push_back(str(tm_.method_info(t).owner));
        break;
      case TermKind::kDispatch:
        dispatch_terms_.push_back(t);
        if (t.arg(1).is(TermKind::kSigConst)) {
          // A receiver dispatching through sig is a subtype of sig's owner:
          // the owner's concrete subtypes belong in the domain.
          std::string owner = str(tm_.method_info(t.arg(1)).owner);
          add_type_name(owner);
          dispatch_owners_.push_back(owner);
        }
        break;
      default: break;
    }
  }
  if (!strings_.empty()) add_type_name("java/lang/String");
  if (!class_ofs_.empty()) add_type_name("java/lang/Class");
  if (with_types) {
    add_type_name("java/lang/Object");
    for (Term r : ref_field_reads_) {
      std::string c = descriptor_type(tm_.field_info(base_map(r.arg(0), false)).descriptor);
      add_type_name(c);
      subtype_targets_.push_back(c);
    }
    // For T6: the element types of the query's reference array types (a
    // field's or parameter's declared Segment[] brings Segment), when the
    // query reads array elements.
    if (!ref_element_reads_.empty()) {
      for (size_t i = 0; i < type_names_.size(); ++i) {  // grows: [[LC; brings [LC;, then C
        if (std::string elem = reference_element_type(type_names_[i]); !elem.empty()) add_type_name(elem);
      }
    }
  } else if (!subtype_terms_.empty()) {
    add_type_name("java/lang/Object");
  }
}

// T2: the finite domain: the type constants of the query (and the declared
// types of the reference fields it reads, for T5), their concrete subtypes
// up to the limit, and java/lang/Object.
void Encoder::build_domain() {
  const types::TypeFacts& tf = *options_.types;
  std::vector<std::string> domain = type_names_;
  absl::flat_hash_set<std::string> in(domain.begin(), domain.end());
  absl::flat_hash_set<std::string> cut;
  for (const std::string& name : type_names_) {
    types::TypeFacts::TypeList subs = tf.concrete_subtypes(name, options_.max_subtypes_per_type);
    for (std::string& s : subs.types) {
      if (in.insert(s).second) domain.push_back(s);
    }
    if (!subs.complete) cut.insert(name);
  }
  // Rule 13 (elemType): the element type of each reference array type of
  // the domain is in it too ([[LC; brings [LC;, then C).
  if (elem_types_) {
    for (size_t i = 0; i < domain.size(); ++i) {  // grows
      if (std::string elem = reference_element_type(domain[i]); !elem.empty() && in.insert(elem).second) {
        domain.push_back(std::move(elem));
      }
    }
  }
  // The classes of the methods the query names, beyond the limit: a
  // dispatch to one of them needs a receiver of that class.
  for (const std::string& owner : method_owners_) {
    if (tf.is_instantiable(owner) && in.insert(owner).second) domain.push_back(owner);
  }
  // java/lang/Object is itself instantiable and a subtype of nothing else:
  // a type outside the domain that meets only negative constraints (not a T,
  // not equal to T) can be replaced by Object, so Object's cut list cannot
  // turn sat into unsat. Dispatch tells types apart, but only among the
  // subtypes of the signature's owner: harmless when those are all listed.
  bool dispatch_complete = true;
  for (const std::string& owner : dispatch_owners_) dispatch_complete = dispatch_complete && !cut.contains(owner);
  for (const std::string& name : type_names_) {
    const bool harmless = name == "java/lang/Object" && dispatch_complete;
    if (cut.contains(name) && !harmless) {
      type_domain_cut_ = true;
      note(absl::StrCat("finite type domain: the concrete subtypes of ", name,
                        " are not all listed (limit ", options_.max_subtypes_per_type, ")"));
    }
  }
  for (const std::string& name : domain) {
    type_const(name);
    if (tf.is_instantiable(name)) instantiable_.insert(name);
    if (tf.is_instantiable(name) && !tf.is_loadable(name)) unloadable_.insert(name);
  }
}

std::vector<std::vector<z3::expr>> Encoder::witness_preferences() {
  std::vector<std::vector<z3::expr>> groups;
  // Most wanted: objects of classes the JVM can load (TypeFacts::is_loadable),
  // without which the witness does not run at all.
  std::vector<z3::expr> loadable;
  if (!unloadable_.empty()) {
    for (const z3::expr& r : typeof_args_) {
      for (const auto& [name, c] : types_) {
        if (unloadable_.contains(name)) loadable.push_back(z3::implies(r != null_, typeof_fn_(r) != c));
      }
    }
  }
  if (!loadable.empty()) groups.push_back(std::move(loadable));
  std::vector<z3::expr> classes;
  if (!types_.empty()) {
    for (Term t : class_types_) {
      z3::expr_vector named(ctx_);
      for (const auto& [name, c] : types_) named.push_back(e(t) == c);
      classes.push_back(z3::mk_or(named));
    }
  }
  if (!classes.empty()) groups.push_back(std::move(classes));
  std::vector<z3::expr> lengths;
  absl::flat_hash_set<uint32_t> seen;
  const z3::expr length = map_constant(tm_.length_field());
  for (Term u : length_indices_) {
    if (seen.insert(u.id()).second) lengths.push_back(z3::ule(select(length, e(u)), ctx_.bv_val(kPreferredMaxLength, 32)));
  }
  if (!lengths.empty()) groups.push_back(std::move(lengths));
  // Least wanted: the entry's characters are lowercase letters, so that a
  // string the witness makes is a name a file, a key or a reader can use
  // ("a", not "\0").
  std::vector<z3::expr> letters;
  seen.clear();
  for (Term c : entry_char_reads_) {
    if (!seen.insert(c.id()).second) continue;
    const z3::expr x = e(c);
    letters.push_back(z3::uge(x, ctx_.bv_val('a', x.get_sort().bv_size())) &&
                      z3::ule(x, ctx_.bv_val('z', x.get_sort().bv_size())));
  }
  if (!letters.empty()) groups.push_back(std::move(letters));
  return groups;
}

// ---- Axioms (logic/AXIOMS.md) --------------------------------------------------

void Encoder::add_axioms() {
  const types::TypeFacts* tf = options_.types;
  auto distinct = [&](const std::vector<z3::expr>& xs) {
    if (xs.size() < 2) return;
    std::vector<Z3_ast> v(xs.begin(), xs.end());
    axioms_.push_back(wrap(Z3_mk_distinct(ctx_, static_cast<unsigned>(v.size()), v.data())));
  };

  // H3: fresh objects: their type, length, default field and element values.
  z3::expr length = map_constant(tm_.length_field());
  for (Term f : fresh_) {
    z3::expr x = e(f);
    axioms_.push_back(typed(x) == type_const(str(tm_.type_name(f.arg(0)))));
    if (f.num_args() == 2) {
      axioms_.push_back(select(length, x) == e(f.arg(1)));
      length_indices_.push_back(f);  // H2 holds for it too: the length is >= 0
    }
    for (Term m : field_consts_) {
      if (tm_.is_length_field(m)) continue;
      axioms_.push_back(select(e(m), x) == default_value(m.sort().element()));
    }
    for (Term m : array_consts_) {
      z3::expr zero = default_value(m.sort().element());
      axioms_.push_back(select(e(m), x) == wrap(Z3_mk_const_array(ctx_, ctx_.bv_sort(32), zero)));
    }
  }
  for (Term s : strings_) axioms_.push_back(typed(e(s)) == type_const("java/lang/String"));
  // Variables declared never null (logic::TermManager::set_non_null: `this`).
  for (Term v : non_null_vars_) axioms_.push_back(e(v) != null_);
  // Rule 12: one Class object per type (classType inverts classOf), of class
  // java.lang.Class, never null nor a string literal (fresh objects: H4).
  for (Term c : class_ofs_) {
    z3::expr x = e(c);
    axioms_.push_back(class_type_fn_(x) == e(c.arg(0)));
    axioms_.push_back(typed(x) == type_const("java/lang/Class"));
    axioms_.push_back(x != null_);
    for (Term s : strings_) axioms_.push_back(x != e(s));
  }

  // H2: array lengths are non-negative.
  {
    absl::flat_hash_set<uint32_t> seen;
    for (Term u : length_indices_) {
      if (seen.insert(u.id()).second) {
        axioms_.push_back(z3::sle(ctx_.bv_val(0, 32), select(length, e(u))));
      }
    }
  }

  // H4: a fresh object is none of the references that existed before it.
  for (Term f : fresh_) {
    for (Term u : preexisting_refs_) axioms_.push_back(e(f) != constant_read(u));
  }

  // V1: null, fresh objects and string literals are pairwise distinct.
  {
    std::vector<z3::expr> refs{null_};
    for (Term f : fresh_) refs.push_back(e(f));
    for (Term s : strings_) refs.push_back(e(s));
    distinct(refs);
  }

  if (tf == nullptr) {
    // Type uninterpreted. subType is reflexive and java/lang/Object is a
    // supertype of every type (true of Java; rule 10 of term.h folds them).
    for (Term st : subtype_terms_) {
      z3::expr sub = e(st), a = e(st.arg(0)), b = e(st.arg(1));
      axioms_.push_back(z3::implies(a == b, sub));
      axioms_.push_back(z3::implies(b == type_const("java/lang/Object"), sub));
    }
  } else {
    // T5: a reference field holds null or an object of its declared type.
    for (Term r : ref_field_reads_) {
      std::string c = descriptor_type(tm_.field_info(base_map(r.arg(0), false)).descriptor);
      z3::expr x = constant_read(r);
      axioms_.push_back(x == null_ || subtype_fn_(typed(x), type_const(c)));
    }
    // Witnesses: give every reference of the query a typed domain value.
    // (Satisfiability is preserved because java/lang/Object, in the domain,
    // is instantiable: any otherwise unconstrained reference can have it.)
    if (options_.type_every_reference && instantiable_.contains("java/lang/Object")) {
      for (Term r : witness_refs_) typed(e(r));
    }
    // Rule 13: elemType of a reference array type of the domain is its
    // element type (build_domain put it in the domain).
    if (elem_types_) {
      for (const auto& [name, c] : types_) {
        std::string elem = reference_element_type(name);
        if (auto it = types_.find(elem); !elem.empty() && it != types_.end()) {
          axioms_.push_back(elem_type_fn_(c) == it->second);
        }
      }
    }
    // T1/T2: the subtype table over the domain (for the targets needed).
    std::vector<std::string> targets;
    if (all_subtype_pairs_) {
      for (const auto& [name, c] : types_) targets.push_back(name);
    } else {
      absl::flat_hash_set<std::string> seen;
      for (const std::string& t : subtype_targets_) {
        if (seen.insert(t).second) targets.push_back(t);
      }
    }
    std::vector<std::pair<std::string, z3::expr>> domain(types_.begin(), types_.end());
    // T6: an element of a reference array holds null or an object of the
    // array's element type: for each array type of the domain the array may
    // have, the element's type is one of the domain's types below the element
    // type (a type the class path cannot place stays allowed). Skipped past
    // a size cap: then a witness may be ill-typed, and its replay says so.
    std::vector<std::pair<const std::string*, std::string>> ref_arrays;  // "[LC;" -> "C"
    for (const auto& [name, c] : domain) {
      if (std::string elem = reference_element_type(name); !elem.empty()) ref_arrays.emplace_back(&name, elem);
    }
    constexpr size_t kMaxT6Terms = 50000;
    if (ref_element_reads_.size() * ref_arrays.size() * domain.size() <= kMaxT6Terms) {
      for (Term r : ref_element_reads_) {
        z3::expr arr = typed(e(r.arg(1)));
        z3::expr x = constant_read(r);
        z3::expr tx = typed(x);
        for (const auto& [array, elem] : ref_arrays) {
          z3::expr_vector ok(ctx_);
          ok.push_back(x == null_);
          for (const auto& [name, c] : domain) {
            std::optional<bool> sub =
                name == elem || elem == "java/lang/Object" ? std::optional<bool>(true) : tf->is_subtype(name, elem);
            if (!sub.has_value() || *sub) ok.push_back(tx == c);
          }
          axioms_.push_back(z3::implies(arr == type_const(*array), z3::mk_or(ok)));
        }
      }
    }
    for (const std::string& target : targets) {
      z3::expr tc = type_const(target);
      for (const auto& [name, c] : domain) {
        // subType(t, t) and subType(t, java/lang/Object) hold whatever the
        // class path says (T1); other unknown answers are left open.
        std::optional<bool> sub = (name == target || target == "java/lang/Object")
                                      ? std::optional<bool>(true)
                                      : tf->is_subtype(name, target);
        if (!sub.has_value()) continue;
        z3::expr app = subtype_fn_(c, tc);
        axioms_.push_back(*sub ? app : !app);
      }
    }
    // T4: dispatch over the domain, for the signatures of the query.
    absl::flat_hash_set<uint32_t> sigs_done;
    for (Term d : dispatch_terms_) {
      Term s = d.arg(1);
      if (!s.is(TermKind::kSigConst) || !sigs_done.insert(s.id()).second) continue;
      logic::MemberRef sig = tm_.method_info(s);
      for (const auto& [name, c] : domain) {
        std::optional<types::MethodName> m =
            tf->dispatch(name, sig.owner, sig.name, sig.descriptor);
        if (!m.has_value()) continue;
        axioms_.push_back(dispatch_fn_(c, e(s)) == method_const(m->owner, m->name, m->descriptor));
      }
    }
    // T2/T3: every Type value is in the domain; a non-null reference has an
    // instantiable type.
    std::vector<z3::expr> all, inst;
    for (const auto& [name, c] : types_) {
      all.push_back(c);
      if (instantiable_.contains(name)) inst.push_back(c);
    }
    auto one_of = [&](const z3::expr& x, const std::vector<z3::expr>& cs) {
      z3::expr_vector v(ctx_);
      for (const z3::expr& c : cs) v.push_back(x == c);
      return z3::mk_or(v);
    };
    for (Term v : type_vars_) axioms_.push_back(one_of(e(v), all));
    for (size_t i = 0; i < typeof_args_.size(); ++i) {  // (typed() may not grow it here)
      z3::expr r = typeof_args_[i];
      z3::expr ty = typeof_fn_(r);
      axioms_.push_back(one_of(ty, all));
      axioms_.push_back(z3::implies(r != null_, one_of(ty, inst)));
    }
  }

  // V1: distinct type, method and signature constants.
  {
    std::vector<z3::expr> ts, ms, ss;
    for (const auto& [name, c] : types_) ts.push_back(c);
    for (const auto& [name, c] : methods_) ms.push_back(c);
    absl::flat_hash_set<uint32_t> seen;
    for (Term s : sig_consts_) {
      if (seen.insert(s.id()).second) ss.push_back(e(s));
    }
    distinct(ts);
    distinct(ms);
    distinct(ss);
  }
}

void Encoder::encode(std::span<const Term> assertions) {
  logic::for_each_subterm(assertions, [&](Term t) { subterms_.push_back(t); });
  collect();
  if (options_.types != nullptr) build_domain();
  for (const std::string& name : type_names_) type_const(name);
  for (Term t : subterms_) {
    if (!enc_.contains(t.id())) enc_.emplace(t.id(), node(t));
  }
  for (Term a : assertions) assertions_.push_back(e(a));
  add_axioms();
}

}  // namespace jwp::solver::internal
