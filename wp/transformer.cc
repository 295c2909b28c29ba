// Table 1 of PLDI'09, completed for every IR instruction (see transformer.h).
// Each case states its rule as `wp(statement, φ) = ...`.
// Two terms that are new are never made in the arguments of one call: the
// order in which they are made numbers them, and the numbers order the
// search, while C++ leaves argument order to the compiler (logic/README.md).
#include "wp/transformer.h"

#include "callgraph/format_classes.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "callgraph/format_classes.h"

#include "base/check.h"
#include "classfile/descriptor.h"
#include "classfile/strings.h"
#include "logic/substitution.h"
#include "logic/visit.h"
#include "models/string_model.h"

namespace jwp::wp {

using ir::Instruction;
using ir::Op;
using logic::Minterm;
using logic::Sort;
using logic::Substitution;
using logic::Term;
using logic::TermKind;

namespace {

constexpr std::string_view kNpe = "java/lang/NullPointerException";
constexpr std::string_view kAioobe = "java/lang/ArrayIndexOutOfBoundsException";
constexpr std::string_view kArith = "java/lang/ArithmeticException";
constexpr std::string_view kNase = "java/lang/NegativeArraySizeException";
constexpr std::string_view kCce = "java/lang/ClassCastException";
constexpr std::string_view kAse = "java/lang/ArrayStoreException";

constexpr size_t kMaxDisjuncts = 4096;  // of one step's precondition

Step with(std::vector<Minterm> pre) {
  Step s;
  s.pre = std::move(pre);
  return s;
}

}  // namespace

// Past kMaxDisjuncts the disjuncts are dropped, and the step says so: the
// precondition then under-approximates, and the search cannot end
// NOT_FOUND (issue #26: it once could, with paths silently dropped).
Step conjoined(logic::TermManager& tm, Term phi, std::vector<Term> conds) {
  conds.push_back(phi);
  Term all = tm.mk_and(conds);
  if (all.is_false()) return {};
  auto dnf = logic::to_dnf(tm, all, kMaxDisjuncts);
  if (!dnf.ok()) {
    Step s;
    s.lossy = Cat("a precondition of more than ", kMaxDisjuncts, " disjuncts was dropped");
    return s;
  }
  return with(*std::move(dnf));
}

namespace {

Step unsupported(std::string why) {
  Step s;
  s.unsupported = std::move(why);
  return s;
}

// "[I" -> "I", "[[LFoo;" -> "[LFoo;"; "" for a non-array.
std::string_view element_descriptor(std::string_view array_descriptor) {
  if (array_descriptor.size() < 2 || array_descriptor[0] != '[') return {};
  return array_descriptor.substr(1);
}

}  // namespace

bool MentionsBeyondLength(logic::TermManager& tm, Term phi, Term w) {
  Substitution s(tm);
  const Term zero = tm.mk_int(0);
  const Term length = tm.mk_length(w);
  s.add(length, zero);
  return logic::mentions(s.apply(phi), w);
}

Term Transformer::fresh_exception(std::string_view type) {
  return tm_.mk_fresh(tm_.mk_type(type));
}

// Conditions under which exception x takes exceptional edge e: caught by its
// handler's type, and by none of the earlier handlers that cover the
// instruction (ir.h, Edge::not_caught_by).
std::vector<Term> Transformer::routing(const ir::Edge& e, Term x) {
  std::vector<Term> conds;
  Term t = tm_.mk_type_of(x);
  if (!e.caught_as.empty()) conds.push_back(tm_.mk_sub_type(t, tm_.mk_type(e.caught_as)));
  for (std::string_view n : e.not_caught_by) {
    conds.push_back(tm_.mk_not(tm_.mk_sub_type(t, tm_.mk_type(n))));
  }
  return conds;
}

Term Transformer::condition(const Instruction& in, bool taken) {
  Term a = operand(in, 0), b = operand(in, 1);
  ir::Cond c = taken ? in.cond : ir::Negate(in.cond);
  switch (c) {
    case ir::Cond::kEq: return tm_.mk_eq(a, b);
    case ir::Cond::kNe: return tm_.mk_ne(a, b);
    case ir::Cond::kLt: return tm_.mk_lt(a, b);
    case ir::Cond::kGe: return tm_.mk_ge(a, b);
    case ir::Cond::kGt: return tm_.mk_gt(a, b);
    case ir::Cond::kLe: return tm_.mk_le(a, b);
  }
  return tm_.mk_true();
}

void HavocHeap(logic::TermManager& tm, const Vocabulary& vocab, Term phi, uint32_t site,
               const std::function<bool(Term)>& writes, logic::Substitution* s) {
  for (Term t : logic::collect(phi, [](Term x) { return x.is(TermKind::kFieldConst) || x.is(TermKind::kArrayConst); })) {
    if (tm.is_length_field(t) || !writes(t)) continue;
    s->add(t, tm.mk_mod(t, tm.fresh_skolem(logic::SkolemKind::kHeap, t.sort(), site, t)));
  }
  for (Term v : logic::free_variables(phi)) {
    if (vocab.static_field_of(v) != nullptr && writes(v)) s->add(v, tm.fresh_skolem(logic::SkolemKind::kOther, v.sort(), site));
  }
}

Step Transformer::through_instruction(ir::InsnId insn, const Minterm& post) {
  return normal(ir_.insns[insn], post);
}

// wp(v = value, φ) = conds ∧ φ[value/v], v the result of `in`.
Step Transformer::assign(const Instruction& in, const Minterm& post, Term value, std::vector<Term> conds) {
  Substitution s(tm_);
  s.add(var(in.result), value);
  return conjoined(tm_, s.apply(post.formula(tm_)), std::move(conds));
}

bool Transformer::result_mentioned(const Instruction& in, const Minterm& post) {
  return in.result != ir::kNone && logic::mentions(post, var(in.result));
}

Step Transformer::normal(const Instruction& in, const Minterm& post) {
  const Term phi = post.formula(tm_);
  switch (in.op) {
    case Op::kParam:
    case Op::kConst:
    case Op::kBinary:
    case Op::kNeg:
    case Op::kConvert:
    case Op::kCompare:
    case Op::kStringConcat:
    case Op::kCatch:
      return through_value(in, post);
    case Op::kGetField:
    case Op::kPutField:
    case Op::kGetStatic:
    case Op::kPutStatic:
    case Op::kArrayLoad:
    case Op::kArrayStore:
    case Op::kArrayLength:
      return through_heap_access(in, post);
    case Op::kNew:
    case Op::kNewArray:
    case Op::kNewMultiArray:
    case Op::kCheckCast:
    case Op::kInstanceOf:
    case Op::kLambda:
      return through_object(in, post);
    case Op::kMonitorEnter:
    case Op::kMonitorExit: {
      Term lock = operand(in, 0);
      return conjoined(tm_, phi, {tm_.mk_ne(lock, tm_.mk_null())});
    }
    case Op::kInvoke:
      return skipped_call(in, post, false, nullptr);
    case Op::kPhi:
    case Op::kIf:
    case Op::kSwitch:
    case Op::kThrow:
      return with({post});  // handled along edges
    case Op::kReturn: {
      // wp(return v, φ) = φ[null/exc][v/ret]
      Substitution s(tm_);
      Term exc = tm_.exc();
      s.add(exc, tm_.mk_null());
      if (!in.operands.empty()) {
        Term v = operand(in, 0);
        s.add(tm_.ret(v.sort()), v);
      }
      return with({s.apply(post)});
    }
  }
  return unsupported(Cat("instruction ", ir::OpName(in.op)));
}

// Values: constants, arithmetic, conversions, comparisons, concatenation,
// the caught exception.
Step Transformer::through_value(const Instruction& in, const Minterm& post) {
  switch (in.op) {
    case Op::kParam:
      return with({post});
    case Op::kConst: {
      // wp(v = c, φ) = φ[c/v]
      if (!result_mentioned(in, post)) return with({post});
      switch (in.const_kind) {
        case ir::ConstKind::kInt: return assign(in, post, tm_.mk_int(static_cast<int32_t>(in.bits)));
        case ir::ConstKind::kLong: return assign(in, post, tm_.mk_long(static_cast<int64_t>(in.bits)));
        case ir::ConstKind::kFloat:
          return assign(in, post, tm_.mk_float(std::bit_cast<float>(static_cast<uint32_t>(in.bits))));
        case ir::ConstKind::kDouble: return assign(in, post, tm_.mk_double(std::bit_cast<double>(in.bits)));
        case ir::ConstKind::kNull: return assign(in, post, tm_.mk_null());
        case ir::ConstKind::kString: {
          Term lit = tm_.mk_string(in.text);
          Step st = assign(in, post, lit);
          // With the String model, the literal's characters.
          if (Term chars = vocab_.string_chars(); !chars.is_null()) {
            std::vector<Term> facts =
                models::StringLiteralFacts(tm_, lit, chars, vocab_.array_map("C"));
            for (Minterm& m : st.pre) {
              for (Term f : facts) m = logic::conjoin(tm_, m, f);
            }
          }
          return st;
        }
        // ldc of a class: its one Class object (logic/term.h rule 12).
        case ir::ConstKind::kClass: return assign(in, post, tm_.mk_class_of(vocab_.type(in.text)));
        default: return unsupported(Cat("ldc of a method handle or dynamic constant at ", at(in)));
      }
    }
    case Op::kBinary: {
      // wp(v = a op b, φ) = φ[(a op b)/v], with b != 0 for integer / and %.
      Term a = operand(in, 0), b = operand(in, 1);
      std::vector<Term> conds;
      Term value;
      switch (in.binary) {
        case ir::BinaryOp::kAdd: value = tm_.mk_add(a, b); break;
        case ir::BinaryOp::kSub: value = tm_.mk_sub(a, b); break;
        case ir::BinaryOp::kMul: value = tm_.mk_mul(a, b); break;
        case ir::BinaryOp::kDiv: value = tm_.mk_div(a, b); break;
        case ir::BinaryOp::kRem: value = tm_.mk_rem(a, b); break;
        case ir::BinaryOp::kAnd: value = tm_.mk_bit_and(a, b); break;
        case ir::BinaryOp::kOr: value = tm_.mk_bit_or(a, b); break;
        case ir::BinaryOp::kXor: value = tm_.mk_bit_xor(a, b); break;
        case ir::BinaryOp::kShl: value = tm_.mk_shl(a, b); break;
        case ir::BinaryOp::kShr: value = tm_.mk_shr(a, b); break;
        case ir::BinaryOp::kUshr: value = tm_.mk_ushr(a, b); break;
      }
      if ((in.binary == ir::BinaryOp::kDiv || in.binary == ir::BinaryOp::kRem) &&
          b.sort().is_integral()) {
        conds.push_back(tm_.mk_ne(b, tm_.mk_integral(b.sort(), 0)));
      }
      return assign(in, post, value, std::move(conds));
    }
    case Op::kNeg:
      return assign(in, post, tm_.mk_neg(operand(in, 0)));
    case Op::kConvert:
      return assign(in, post, tm_.mk_convert(
          static_cast<TermKind>(static_cast<int>(logic::kFirstConversion) + static_cast<int>(in.convert)),
          operand(in, 0)));
    case Op::kCompare: {
      Term a = operand(in, 0), b = operand(in, 1);
      switch (in.compare) {
        case ir::CompareOp::kLcmp: return assign(in, post, tm_.mk_lcmp(a, b));
        case ir::CompareOp::kFcmpl:
        case ir::CompareOp::kDcmpl: return assign(in, post, tm_.mk_fcmpl(a, b));
        case ir::CompareOp::kFcmpg:
        case ir::CompareOp::kDcmpg: return assign(in, post, tm_.mk_fcmpg(a, b));
      }
      return unsupported("compare");
    }
    case Op::kStringConcat:
      // A concatenation allocates a new String; its contents are not modelled.
      if (!result_mentioned(in, post)) return with({post});
      return assign(in, post, tm_.mk_fresh(tm_.string_type()));
    case Op::kCatch: {
      // wp(v = catch, φ) = φ[exc/v]
      return assign(in, post, tm_.exc());
    }
    default: break;
  }
  return unsupported(Cat("instruction ", ir::OpName(in.op)));
}

// Fields, statics and array elements: reads and writes of the heap maps.
Step Transformer::through_heap_access(const Instruction& in, const Minterm& post) {
  const Term phi = post.formula(tm_);
  switch (in.op) {
    case Op::kGetField: {
      // wp(v = w.f, φ) = w != null ∧ φ[read(f, w)/v]
      // A field that only ever holds one value (absint/field_facts.h) reads as it.
      Term w = operand(in, 0);
      Term value = vocab_.field_constant(in.owner, in.name, in.descriptor);
      if (!value) value = tm_.mk_read(vocab_.field(in.owner, in.name, in.descriptor), w);
      return assign(in, post, value, {tm_.mk_ne(w, tm_.mk_null())});
    }
    case Op::kPutField: {
      // wp(v.f = w, φ) = v != null ∧ φ[update(f, v, w)/f]
      Term v = operand(in, 0), w = operand(in, 1);
      Term f = vocab_.field(in.owner, in.name, in.descriptor);
      Substitution s(tm_);
      s.add(f, tm_.mk_update(f, v, w));
      Term after = s.apply(phi);
      return conjoined(tm_, after, {tm_.mk_ne(v, tm_.mk_null())});
    }
    case Op::kGetStatic: {
      // wp(v = C.f, φ) = φ[C.f/v]; what the class initializer fixes of a
      // static final (never null, a length) is put in by the engine
      // (Vocabulary::with_global_facts), wherever the value's reads meet it;
      // a static that only ever holds one value reads as it.
      Term value = vocab_.field_constant(in.owner, in.name, in.descriptor);
      return assign(in, post, value ? value : vocab_.static_field(in.owner, in.name, in.descriptor));
    }
    case Op::kPutStatic: {
      Substitution s(tm_);
      Term field = vocab_.static_field(in.owner, in.name, in.descriptor);
      s.add(field, operand(in, 0));
      return conjoined(tm_, s.apply(phi), {});
    }
    case Op::kArrayLoad: {
      // wp(v = a[i], φ) = a != null ∧ 0 <= i < a.length ∧ φ[aread(A, a, i)/v]
      Term a = operand(in, 0), i = operand(in, 1);
      Term len = tm_.mk_length(a);
      Term value = tm_.mk_aread(vocab_.array_map(in.type), a, i);
      return assign(in, post, value, {tm_.mk_ne(a, tm_.mk_null()), tm_.mk_le(tm_.mk_int(0), i), tm_.mk_lt(i, len)});
    }
    case Op::kArrayStore: {
      // wp(a[i] = w, φ) = a != null ∧ 0 <= i < a.length ∧ (no ArrayStoreException)
      //                   ∧ φ[aupdate(A, a, i, w)/A]
      Term a = operand(in, 0), i = operand(in, 1), w = operand(in, 2);
      Term map = vocab_.array_map(in.type);
      std::vector<Term> conds = {tm_.mk_ne(a, tm_.mk_null()), tm_.mk_le(tm_.mk_int(0), i),
                                 tm_.mk_lt(i, tm_.mk_length(a))};
      if (!in.type.empty() && (in.type[0] == 'L' || in.type[0] == '[')) {
        // A reference store succeeds when w is null or an instance of the
        // array's run-time element type (JVMS aastore): elemType(typeOf(a))
        // (rule 13 of logic/term.h), which is the static element type E
        // when the array's type is known exactly.
        std::string_view array_desc = ir_.values[in.operands[0]].type.descriptor;
        if (element_descriptor(array_desc).empty()) {
          return unsupported(Cat("array store into an untyped array at ", at(in)));
        }
        const Term elem_type = element_type(in, a);
        conds.push_back(array_takes(w, elem_type));
      }
      Substitution s(tm_);
      s.add(map, tm_.mk_aupdate(map, a, i, w));
      return conjoined(tm_, s.apply(phi), std::move(conds));
    }
    case Op::kArrayLength: {
      Term a = operand(in, 0);
      Term len = tm_.mk_length(a);
      return assign(in, post, len, {tm_.mk_ne(a, tm_.mk_null())});
    }
    default: break;
  }
  return unsupported(Cat("instruction ", ir::OpName(in.op)));
}

// New objects and arrays, casts, instanceof and lambda objects.
Step Transformer::through_object(const Instruction& in, const Minterm& post) {
  const Term phi = post.formula(tm_);
  switch (in.op) {
    case Op::kNew:
      // wp(v = new T, φ) = φ[fresh(T)/v]
      return assign(in, post, tm_.mk_fresh(vocab_.type(in.type)));
    case Op::kNewArray: {
      // wp(v = new T[n], φ) = n >= 0 ∧ φ[fresh(T[], n)/v]
      Term n = operand(in, 0);
      Term array = tm_.mk_fresh_array(vocab_.type(in.type), n);
      return assign(in, post, array, {tm_.mk_le(tm_.mk_int(0), n)});
    }
    case Op::kNewMultiArray: {
      std::vector<Term> conds;
      for (size_t k = 0; k < in.operands.size(); ++k) {
        Term n = operand(in, k);
        conds.push_back(tm_.mk_le(tm_.mk_int(0), n));
      }
      if (result_mentioned(in, post)) return unsupported(Cat("multianewarray at ", at(in)));
      return conjoined(tm_, phi, std::move(conds));
    }
    case Op::kCheckCast: {
      // wp(v1 = (T) v2, φ) = (v2 == null ∨ v2 instanceof T) ∧ φ[v2/v1]
      Term v = operand(in, 0);
      Term is_null = tm_.mk_eq(v, tm_.mk_null());
      return assign(in, post, v, {tm_.mk_or(is_null, tm_.mk_instance_of(v, vocab_.type(in.type)))});
    }
    case Op::kInstanceOf: {
      // wp(r = v instanceof T, φ) = (v != null ∧ sub ∧ φ[1/r]) ∨ ((v == null ∨ ¬sub) ∧ φ[0/r])
      Term v = operand(in, 0);
      if (!result_mentioned(in, post)) return with({post});
      Term sub = tm_.mk_instance_of(v, vocab_.type(in.type));
      Term r = var(in.result);
      Term yes = tm_.mk_and({tm_.mk_ne(v, tm_.mk_null()), sub, logic::substitute(tm_, phi, r, tm_.mk_int(1))});
      Term is_null = tm_.mk_eq(v, tm_.mk_null());
      Term fails = tm_.mk_or(is_null, tm_.mk_not(sub));
      Term no = tm_.mk_and(fails, logic::substitute(tm_, phi, r, tm_.mk_int(0)));
      return conjoined(tm_, tm_.mk_or(yes, no), {});
    }
    case Op::kLambda: {
      // An object of the class made for this site (callgraph/lambda_classes.h)
      // holding the captured values: wp(v = lambda(c_0, ..., c_n), φ) =
      // φ[update(cap$i, o, c_i)/cap$i][o/v], o = fresh(the lambda class).
      if (!result_mentioned(in, post)) return with({post});
      const callgraph::LambdaClass* l = vocab_.lambda_class(ir_, in);
      if (l == nullptr) return unsupported(Cat("lambda object at ", at(in), " (its class was not made)"));
      if (!l->unsupported.empty()) return unsupported(l->unsupported);
      if (l->captured.size() != in.operands.size()) return unsupported(Cat("lambda object at ", at(in)));
      Term o = tm_.mk_fresh(vocab_.type(l->name));
      Substitution s(tm_);
      s.add(var(in.result), o);
      for (size_t i = 0; i < l->captured.size(); ++i) {
        Term f = vocab_.field(l->name, callgraph::LambdaClass::CapturedField(i), l->captured[i]);
        s.add(f, tm_.mk_update(f, o, operand(in, i)));
      }
      return conjoined(tm_, s.apply(phi), {});
    }
    default: break;
  }
  return unsupported(Cat("instruction ", ir::OpName(in.op)));
}

std::string SourceLocation(const ir::MethodIR& method, const ir::Instruction& in) {
  const std::string where = Cat(classfile::JavaName(method.class_name), ".", method.method_name);
  return in.line >= 0 ? Cat(where, ":", in.line) : Cat(where, "@bci:", in.bci);
}

Step Transformer::passed_call(ir::EdgeId eid, const Minterm& post, const std::function<bool(Term)>* may_write) {
  const ir::Edge& e = ir_.edges[eid];
  const ir::Block& from = ir_.blocks[e.from];
  JWP_CHECK(e.kind != ir::EdgeKind::kException && !from.insns.empty() && ir_.insns[from.insns.back()].op == Op::kInvoke,
            Cat("a passed call's edge leaves no call at ", ir_.QualifiedName()));
  return skipped_call(ir_.insns[from.insns.back()], through_phis(eid, post), false, nullptr, may_write);
}

Step Transformer::skipped_call(const Instruction& in, const Minterm& post, bool exceptional,
                               const ir::Edge* e, const std::function<bool(Term)>* may_write) {
  // PLDI'09 Section 4: wp(w = v.m(), φ) = σ_method = dispatch(typeOf(v), m) ∧ v != null
  //   ∧ φ[σ_ret/w][σ_exc/exc][mod(f, σ_f)/f]  (for each field and array map of φ)
  // Named as the bytecode names it (String.format, not the method made for
  // its literal): users read it, and the JVM runs that call.
  const callgraph::BytecodeCallee named = callgraph::CalleeInBytecode(in);
  std::string owner(named.owner);
  for (char& c : owner) {
    if (c == '/') c = '.';
  }
  std::string description = Cat(owner, ".", named.name, in.descriptor, " at ", at(in));
  const uint32_t site =
      vocab_.call_site(Cat("a call is skipped: ", description), Cat(ir_.QualifiedName(), "@", in.bci));
  vocab_.note_skipped_call(site, {std::string(ir_.class_name), std::string(ir_.method_name),
                                  std::string(ir_.method_descriptor), static_cast<int32_t>(in.bci),
                                  std::string(named.name), std::string(in.descriptor), std::string(named.owner)});
  const Term phi = post.formula(tm_);
  Substitution s(tm_);
  std::vector<Term> conds;
  if (!exceptional && in.result != ir::kNone) {
    Term w = var(in.result);
    Term sigma_ret = tm_.fresh_skolem(logic::SkolemKind::kRet, w.sort(), site);
    const size_t close = in.descriptor.rfind(')');
    if (close != std::string_view::npos) tm_.set_java_type(sigma_ret, in.descriptor.substr(close + 1));
    s.add(w, sigma_ret);
    // A method that never returns null (absint/non_null_returns.h) returns
    // an instance of its declared class, exactly that class when it is
    // final (the verifier admits nothing else): the next call on it
    // dispatches to one method (StringBuilder.append(...).toString()).
    if (logic::mentions(phi, w) && vocab_.returns_non_null(in)) {
      Vocabulary::ResultFacts facts{.non_null = true, .exact_class = ""};
      conds.push_back(tm_.mk_ne(sigma_ret, tm_.mk_null()));
      const std::string_view ret = close != std::string_view::npos ? in.descriptor.substr(close + 1) : "";
      if (ret.size() > 2 && ret.front() == 'L' && ret.back() == ';') {
        const std::string_view cls = ret.substr(1, ret.size() - 2);
        if (types_ != nullptr && types_->is_final(cls)) {
          conds.push_back(tm_.mk_instance_of(sigma_ret, vocab_.type(cls)));
          facts.exact_class = std::string(cls);
        }
      }
      vocab_.note_result_facts(site, std::move(facts));
    }
  }
  HavocHeap(tm_, vocab_, phi, site, [&](Term t) {
    // A field set only by its class's constructors is kept; so is what is
    // not in the call's mod-set.
    if (!t.is_var() && vocab_.kept_by_call(t, in.owner, in.name)) return false;
    return may_write == nullptr || (*may_write)(t);
  }, &s);
  Term sigma_exc = tm_.fresh_skolem(logic::SkolemKind::kExc, Sort::Ref(), site);
  if (exceptional) {
    s.add(tm_.exc(), sigma_exc);
    conds.push_back(tm_.mk_ne(sigma_exc, tm_.mk_null()));
    for (Term c : routing(*e, sigma_exc)) conds.push_back(c);
  } else {
    conds.push_back(tm_.mk_eq(sigma_exc, tm_.mk_null()));
  }
  if (in.invoke != ir::InvokeKind::kStatic && in.invoke != ir::InvokeKind::kDynamic &&
      !in.operands.empty()) {
    Term v = operand(in, 0);
    conds.push_back(tm_.mk_ne(v, tm_.mk_null()));
    if (in.invoke == ir::InvokeKind::kVirtual || in.invoke == ir::InvokeKind::kInterface) {
      Term sigma_method = tm_.fresh_skolem(logic::SkolemKind::kMethod, Sort::Method(), site);
      Term type = tm_.mk_type_of(v);
      Term dispatch = tm_.mk_dispatch(type, tm_.mk_signature(in.owner, in.name, in.descriptor));
      conds.push_back(tm_.mk_eq(sigma_method, dispatch));
    }
  }
  Step st = conjoined(tm_, s.apply(phi), std::move(conds));
  st.skipped_call = std::move(description);
  st.skipped_site = site;
  return st;
}

Minterm Transformer::through_phis(ir::EdgeId eid, const Minterm& post) {
  const ir::Edge& e = ir_.edges[eid];
  // Phis of the target, for this edge: φ[a_i/v_i] simultaneously.
  Minterm at_end = post;
  const ir::Block& to = ir_.blocks[e.to];
  if (!to.phis.empty()) {
    size_t slot = 0;
    while (slot < to.preds.size() && to.preds[slot] != eid) ++slot;
    Substitution s(tm_);
    for (ir::InsnId p : to.phis) {
      const Instruction& phi = ir_.insns[p];
      if (slot < phi.operands.size() && phi.operands[slot] != ir::kNone) {
        Term result = var(phi.result);
        s.add(result, var(phi.operands[slot]));
      }
    }
    at_end = s.apply(post);
  }
  return at_end;
}

Step Transformer::null_dereference(ir::EdgeId eid, const Minterm& post) {
  const ir::Edge& e = ir_.edges[eid];
  const ir::Block& from = ir_.blocks[e.from];
  if (from.insns.empty() || e.kind != ir::EdgeKind::kException || e.thrown != kNpe) {
    return unsupported("not a NullPointerException edge");
  }
  const Instruction& in = ir_.insns[from.insns.back()];
  if (in.operands.empty()) return unsupported("NullPointerException edge without operand");
  Minterm at_end = through_phis(eid, post);
  Term x = fresh_exception(kNpe);
  std::vector<Term> conds = routing(e, x);
  Term dereferenced = operand(in, 0);
  conds.push_back(tm_.mk_eq(dereferenced, tm_.mk_null()));
  Substitution s(tm_);
  s.add(tm_.exc(), x);
  return conjoined(tm_, s.apply(at_end.formula(tm_)), std::move(conds));
}

Step Transformer::through_edge(ir::EdgeId eid, const Minterm& post) {
  const ir::Edge& e = ir_.edges[eid];
  Minterm at_end = through_phis(eid, post);
  const ir::Block& from = ir_.blocks[e.from];
  if (from.insns.empty()) return with({at_end});
  const Instruction& last = ir_.insns[from.insns.back()];
  if (e.kind == ir::EdgeKind::kException) return along_exception(last, e, at_end);
  return along_normal(last, e, at_end);
}

Step Transformer::along_normal(const Instruction& in, const ir::Edge& e, const Minterm& post) {
  const Term phi = post.formula(tm_);
  switch (e.kind) {
    case ir::EdgeKind::kTrue:
    case ir::EdgeKind::kFalse:
      // wp(assume c, φ) = φ ∧ c
      if (in.op != Op::kIf) break;
      return conjoined(tm_, phi, {condition(in, e.kind == ir::EdgeKind::kTrue)});
    case ir::EdgeKind::kCase:
    case ir::EdgeKind::kDefault: {
      if (in.op != Op::kSwitch) break;
      Term x = operand(in, 0);
      if (e.kind == ir::EdgeKind::kCase) {
        return conjoined(tm_, phi, {tm_.mk_eq(x, tm_.mk_int(e.case_value))});
      }
      std::vector<Term> conds;
      const auto& values = ir_.switches[in.index].values;
      for (int32_t v : values) conds.push_back(tm_.mk_ne(x, tm_.mk_int(v)));
      return conjoined(tm_, phi, std::move(conds));
    }
    default:
      break;
  }
  return normal(in, post);
}

Step Transformer::thrown_along(const ir::Edge& e, Term x, Term phi, std::vector<Term> conds) {
  Substitution s(tm_);
  s.add(tm_.exc(), x);
  for (Term c : routing(e, x)) conds.push_back(c);
  return conjoined(tm_, s.apply(phi), std::move(conds));
}

Step Transformer::along_exception(const Instruction& in, const ir::Edge& e, const Minterm& post) {
  const Term phi = post.formula(tm_);
  // wp along an exceptional edge = (the instruction throws e.thrown) ∧ routing
  //   ∧ φ[x/exc], x the exception object (a fresh one for the JVM's own).
  auto throws = [&](Term x, std::vector<Term> conds) { return thrown_along(e, x, phi, std::move(conds)); };
  // The JVM's own exception: a fresh object, made after its conditions.
  auto throws_new = [&](std::string_view type, std::vector<Term> conds) {
    return throws(fresh_exception(type), std::move(conds));
  };
  const std::string_view t = e.thrown;
  // A monitorexit of structured locking releases a monitor the method
  // entered (ir/monitors.h): neither NPE nor IMSE; the edge is dead.
  if (in.op == Op::kMonitorExit && ir_.IsStructuredMonitorExit(static_cast<ir::InsnId>(&in - ir_.insns.data()))) {
    return Step{};
  }
  if (in.op == Op::kInvoke && t != kNpe) return skipped_call(in, post, true, &e);
  if (in.op == Op::kThrow) {
    // The builder gives an athrow two groups of edges: those of the operand
    // (labelled with its static type, routed for it) and those of the NPE
    // it raises when the operand is null (labelled NullPointerException,
    // routed for NPE only: handlers unrelated to NPE are absent from
    // not_caught_by, so a non-null operand must not be routed along them,
    // unless its static type is NPE itself, when the two groups coincide).
    Term x = operand(in, 0);
    Step st;
    std::string_view static_type = ir_.values[in.operands[0]].type.descriptor;
    if (t != kNpe || static_type == "Ljava/lang/NullPointerException;") {
      st = throws(x, {tm_.mk_ne(x, tm_.mk_null())});
    }
    if (t == kNpe) {
      Step null_case = throws_new(kNpe, {tm_.mk_eq(x, tm_.mk_null())});
      for (Minterm& m : null_case.pre) st.pre.push_back(std::move(m));
    }
    return st;
  }
  if (t == kNpe) {
    // The dereferenced operand is the first: object, array, receiver, lock.
    if (in.operands.empty()) return unsupported("NullPointerException edge without operand");
    Term dereferenced = operand(in, 0);
    return throws_new(kNpe, {tm_.mk_eq(dereferenced, tm_.mk_null())});
  }
  if (t == kAioobe && (in.op == Op::kArrayLoad || in.op == Op::kArrayStore)) {
    Term a = operand(in, 0), i = operand(in, 1);
    Term len = tm_.mk_length(a);
    Term below = tm_.mk_lt(i, tm_.mk_int(0));
    Term above = tm_.mk_le(len, i);
    return throws_new(kAioobe, {tm_.mk_ne(a, tm_.mk_null()), tm_.mk_or(below, above)});
  }
  if (t == kArith && in.op == Op::kBinary) {
    Term b = operand(in, 1);
    return throws_new(kArith, {tm_.mk_eq(b, tm_.mk_integral(b.sort(), 0))});
  }
  if (t == kNase && in.op == Op::kNewArray) {
    Term n = operand(in, 0);
    return throws_new(kNase, {tm_.mk_lt(n, tm_.mk_int(0))});
  }
  if (t == kNase && in.op == Op::kNewMultiArray) {
    std::vector<Term> neg;
    for (size_t k = 0; k < in.operands.size(); ++k) {
      Term n = operand(in, k);
      neg.push_back(tm_.mk_lt(n, tm_.mk_int(0)));
    }
    return throws_new(kNase, {tm_.mk_or(neg)});
  }
  if (t == kCce && in.op == Op::kCheckCast) {
    Term v = operand(in, 0);
    return throws_new(kCce, {tm_.mk_ne(v, tm_.mk_null()),
                             tm_.mk_not(tm_.mk_instance_of(v, vocab_.type(in.type)))});
  }
  if (t == kAse && in.op == Op::kArrayStore) {
    // ArrayStoreException: w != null and w is not an instance of the
    // array's run-time element type (exact: rule 13's elemType).
    Term a = operand(in, 0), i = operand(in, 1), w = operand(in, 2);
    std::string_view array_desc = ir_.values[in.operands[0]].type.descriptor;
    if (element_descriptor(array_desc).empty()) return unsupported(Cat("array store into an untyped array at ", at(in)));
    const Term elem_type = element_type(in, a);
    return throws_new(kAse, {tm_.mk_ne(a, tm_.mk_null()), tm_.mk_le(tm_.mk_int(0), i), tm_.mk_lt(i, tm_.mk_length(a)),
                             tm_.mk_ne(w, tm_.mk_null()), tm_.mk_not(instance_of(w, elem_type))});
  }
  if (in.op == Op::kStringConcat && concat_only_of_values(in)) {
    // Concatenating primitives, strings and boxes calls no code that can
    // throw an exception (String.valueOf of them; a VM error such as
    // OutOfMemoryError is not modelled anywhere): no path.
    return Step{};
  }
  Step st;
  st.lossy = Cat(std::string(t), " from ", ir::OpName(in.op), " at ", at(in), " is not modelled");
  return st;
}

Term Transformer::element_type(const Instruction& in, Term a) {
  const std::string_view elem = element_descriptor(ir_.values[in.operands[0]].type.descriptor);
  return exact_array_type(in) ? vocab_.type(elem) : tm_.mk_elem_type(tm_.mk_type_of(a));
}

// (One term at a time, here and wherever terms are made: argument order is
// unspecified, and the order terms are made in is the order the search sees
// them in; the gcc and clang builds must search alike.)
Term Transformer::instance_of(Term w, Term elem_type) {
  const Term w_type = tm_.mk_type_of(w);
  return tm_.mk_sub_type(w_type, elem_type);
}

Term Transformer::array_takes(Term w, Term elem_type) {
  const Term fits = instance_of(w, elem_type);
  const Term w_null = tm_.mk_eq(w, tm_.mk_null());
  return tm_.mk_or(w_null, fits);
}

bool Transformer::exact_array_type(const Instruction& in) const {
  const std::string_view array_desc = ir_.values[in.operands[0]].type.descriptor;
  if (types_ != nullptr && types_->is_final(array_desc)) return true;
  const ir::ValueId a = in.operands[0];
  if (ir_.values[a].def == ir::kNone) return false;
  const Instruction& def = ir_.def(a);
  return (def.op == Op::kNewArray || def.op == Op::kNewMultiArray) && def.type == array_desc;
}

bool Transformer::concat_only_of_values(const Instruction& in) const {
  static constexpr std::string_view kFinalValueClasses[] = {
      "Ljava/lang/String;",  "Ljava/lang/Integer;", "Ljava/lang/Long;",  "Ljava/lang/Short;",
      "Ljava/lang/Byte;",    "Ljava/lang/Character;", "Ljava/lang/Boolean;", "Ljava/lang/Float;",
      "Ljava/lang/Double;"};
  for (ir::ValueId v : in.operands) {
    const ir::ValueType& type = ir_.values[v].type;
    if (type.kind != ir::TypeKind::kRef) continue;  // a primitive, or null ("null")
    if (std::find(std::begin(kFinalValueClasses), std::end(kFinalValueClasses), type.descriptor) ==
        std::end(kFinalValueClasses)) {
      return false;  // an object's toString() runs
    }
  }
  return true;
}

}  // namespace jwp::wp
