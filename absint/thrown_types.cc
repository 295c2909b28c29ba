#include "absint/thrown_types.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <utility>

#include "callgraph/call_targets.h"
#include "ir/monitors.h"

namespace jwp::absint {

namespace {

constexpr std::string_view kThrowable = "java/lang/Throwable";

// The internal name of a reference descriptor "Lpkg/C;", else "".
std::string ClassOf(std::string_view desc) {
  if (desc.size() < 3 || desc.front() != 'L' || desc.back() != ';') return "";
  return std::string(desc.substr(1, desc.size() - 2));
}

// The catch instructions whose value `v` is, through phis (a handler's
// rethrow of what it caught); empty when `v` is not only caught values.
std::vector<ir::InsnId> CatchesOf(const ir::MethodIR& ir, ir::ValueId v) {
  std::vector<ir::InsnId> out;
  std::vector<ir::ValueId> work{v};
  std::set<ir::ValueId> seen;
  while (!work.empty()) {
    const ir::ValueId x = work.back();
    work.pop_back();
    if (!seen.insert(x).second) continue;
    const ir::InsnId def = ir.values[x].def;
    if (def == ir::kNone) return {};
    const ir::Instruction& in = ir.insns[def];
    if (in.op == ir::Op::kCatch) {
      out.push_back(def);
    } else if (in.op == ir::Op::kPhi) {
      work.insert(work.end(), in.operands.begin(), in.operands.end());
    } else {
      return {};
    }
  }
  return out;
}

// An int constant's value, when `v` is one.
std::optional<int32_t> IntConstant(const ir::MethodIR& ir, ir::ValueId v) {
  const ir::InsnId def = ir.values[v].def;
  if (def == ir::kNone) return std::nullopt;
  const ir::Instruction& in = ir.insns[def];
  if (in.op != ir::Op::kConst || in.const_kind != ir::ConstKind::kInt) return std::nullopt;
  return static_cast<int32_t>(in.bits);
}

// The length of the array `v` when it is a one-dimensional array made in
// the method with a constant length.
std::optional<int32_t> FreshArrayLength(const ir::MethodIR& ir, ir::ValueId v) {
  const ir::InsnId def = ir.values[v].def;
  if (def == ir::kNone) return std::nullopt;
  const ir::Instruction& in = ir.insns[def];
  if (in.op != ir::Op::kNewArray || in.operands.size() != 1) return std::nullopt;
  return IntConstant(ir, in.operands[0]);
}

// Whether `v` is an Object[] the method makes (javac's varargs arrays).
bool IsFreshObjectArray(const ir::MethodIR& ir, ir::ValueId v) {
  const ir::InsnId def = ir.values[v].def;
  return def != ir::kNone && ir.insns[def].op == ir::Op::kNewArray && ir.insns[def].type == "[Ljava/lang/Object;";
}

// An implicit exception that the instruction's constant operands rule out
// (javac's varargs arrays: `new Object[2]`, stores at 0 and 1 of values of
// any type): a new array of a constant size >= 0 cannot be negative; a
// store or load at a constant index inside a fresh array of constant length
// is in bounds; a store into a fresh Object[] cannot be of the wrong type.
bool RuledOutByConstants(const ir::MethodIR& ir, const ir::Instruction& in, std::string_view type) {
  if (type == "java/lang/NegativeArraySizeException" && in.op == ir::Op::kNewArray && in.operands.size() == 1) {
    const std::optional<int32_t> n = IntConstant(ir, in.operands[0]);
    return n && *n >= 0;
  }
  if (type == "java/lang/ArrayIndexOutOfBoundsException" &&
      (in.op == ir::Op::kArrayStore || in.op == ir::Op::kArrayLoad) && in.operands.size() >= 2) {
    const std::optional<int32_t> length = FreshArrayLength(ir, in.operands[0]);
    const std::optional<int32_t> index = IntConstant(ir, in.operands[1]);
    return length && index && *index >= 0 && *index < *length;
  }
  if (type == "java/lang/ArrayStoreException" && in.op == ir::Op::kArrayStore && !in.operands.empty()) {
    return IsFreshObjectArray(ir, in.operands[0]);
  }
  return false;
}

// Whether `v` is the method's parameter (its index, `this` included).
std::optional<int32_t> ParameterIndex(const ir::MethodIR& ir, ir::ValueId v) {
  const ir::InsnId def = ir.values[v].def;
  if (def == ir::kNone || ir.insns[def].op != ir::Op::kParam) return std::nullopt;
  return ir.insns[def].index;
}

}  // namespace

bool ThrownTypes::Passes(const ir::Edge& e, const std::string& type) const {
  for (std::string_view earlier : e.not_caught_by) {
    if (h_.IsSubtype(type, earlier) == classfile::Tristate::kYes) return false;
  }
  if (e.caught_as.empty()) return true;
  return h_.IsSubtype(type, e.caught_as) != classfile::Tristate::kNo ||
         h_.IsSubtype(e.caught_as, type) != classfile::Tristate::kNo;
}

std::set<std::string> ThrownTypes::CalleeTypes(const ir::MethodIR& ir, const ir::Instruction& invoke, uint32_t depth,
                                              Query* q) {
  std::set<std::string> out;
  if (invoke.invoke == ir::InvokeKind::kDynamic) return out;
  // An array's clone() throws nothing, whatever Object.clone declares.
  if (ir::IsArrayClone(invoke)) return out;
  callgraph::CallTargetOptions to;
  to.max_targets = options_.max_targets;
  const callgraph::CallTargets targets = callgraph::ChaTargets(h_, invoke, to);
  if (targets.truncated || targets.opaque) return out;
  Context c;
  c.callee = true;
  for (size_t i = 0; i < invoke.operands.size() && i < 64; ++i) {
    if (IsFreshObjectArray(ir, invoke.operands[i])) c.fresh_object_arrays |= uint64_t{1} << i;
    const ir::InsnId def = ir.values[invoke.operands[i]].def;
    if (def != ir::kNone && (ir.insns[def].op == ir::Op::kNew || ir.insns[def].op == ir::Op::kNewArray)) {
      c.fresh |= uint64_t{1} << i;
    }
  }
  for (const callgraph::MethodId& t : targets.targets) {
    // What the target declares it throws.
    if (absl::StatusOr<callgraph::MethodCache::Declaration> d = cache_.Find(t); d.ok() && d->method) {
      for (uint16_t index : d->method->exceptions) out.insert(std::string(d->class_file->pool.ClassName(index)));
    }
    if (depth == 0) continue;
    std::set<std::string> leaving = Leaving(t, depth - 1, c, q);
    out.insert(leaving.begin(), leaving.end());
  }
  return out;
}

bool ThrownTypes::ImplicitListed(const ir::MethodIR& ir, const ir::Instruction& in, std::string_view type,
                                 const Context& c) const {
  if (RuledOutByConstants(ir, in, type)) return false;
  if (!c.callee) return true;
  const int32_t p = in.operands.empty() ? -1 : ParameterIndex(ir, in.operands[0]).value_or(-1);
  auto bit = [&](uint64_t mask) { return p >= 0 && p < 64 && (mask >> p & 1) != 0; };
  if (type == "java/lang/ArrayStoreException" && in.op == ir::Op::kArrayStore && bit(c.fresh_object_arrays)) {
    return false;
  }
  // The dereferenced operand (the first one of every instruction that
  // dereferences) is an object the caller made.
  if (type == "java/lang/NullPointerException" && bit(c.fresh)) return false;
  if (!options_.guarded_class || !options_.guarded_class(ir.class_name)) return true;
  return std::any_of(in.operands.begin(), in.operands.end(),
                     [&](ir::ValueId v) { return ParameterIndex(ir, v).has_value(); });
}

std::set<std::string> ThrownTypes::AlongEdge(const ir::MethodIR& ir, ir::EdgeId e, uint32_t depth, const Context& c,
                                            Query* q, ThrownType::Origin* origin) {
  const ir::Edge& edge = ir.edges[e];
  const ir::Block& from = ir.blocks[edge.from];
  std::set<std::string> types;
  if (from.insns.empty()) return types;
  const ir::InsnId id = from.insns.back();
  const ir::Instruction& in = ir.insns[id];
  // A structured monitorexit cannot throw (its exceptional edges are dead);
  // nor is a caught exception null when it is thrown again.
  if (ir.IsStructuredMonitorExit(id)) return types;
  if (in.op == ir::Op::kThrow && !in.operands.empty() && edge.thrown == "java/lang/NullPointerException" &&
      !CatchesOf(ir, in.operands[0]).empty()) {
    return types;
  }
  const ir::Value* operand = in.op == ir::Op::kThrow && !in.operands.empty() ? &ir.values[in.operands[0]] : nullptr;
  // An athrow's edge of its operand's type (not the NullPointerException of a null operand).
  if (operand && (edge.thrown != "java/lang/NullPointerException" || ClassOf(operand->type.descriptor) == edge.thrown)) {
    *origin = ThrownType::Origin::kThrow;
    const std::vector<ir::InsnId> caught = CatchesOf(ir, in.operands[0]);
    if (!caught.empty()) {
      // The rethrow of what handlers caught: the types on the edges into them.
      *origin = ThrownType::Origin::kCallee;
      for (ir::InsnId catcher : caught) {
        const ir::Block& handler = ir.blocks[ir.insns[catcher].block];
        for (ir::EdgeId into : handler.preds) {
          const ir::InsnId thrower = ir.blocks[ir.edges[into].from].insns.empty()
                                         ? ir::kNone
                                         : ir.blocks[ir.edges[into].from].insns.back();
          if (thrower == id) continue;
          ThrownType::Origin o = ThrownType::Origin::kThrow;
          for (const std::string& t : AlongEdge(ir, into, depth, c, q, &o)) types.insert(t);
          if (o == ThrownType::Origin::kThrow) *origin = o;
        }
      }
    } else if (std::string type = ClassOf(operand->type.descriptor); !type.empty()) {
      types.insert(std::move(type));
    }
  } else if (in.op == ir::Op::kInvoke && edge.thrown == kThrowable) {
    *origin = ThrownType::Origin::kCallee;
    types = CalleeTypes(ir, in, depth, q);
  } else if (edge.thrown != kThrowable) {
    *origin = ThrownType::Origin::kImplicit;
    if (ImplicitListed(ir, in, edge.thrown, c)) types.insert(std::string(edge.thrown));
  }
  std::set<std::string> passing;
  for (const std::string& t : types) {
    if (Passes(edge, t)) passing.insert(t);
  }
  return passing;
}

std::set<std::string> ThrownTypes::Leaving(const callgraph::MethodId& m, uint32_t depth, Context c, Query* q) {
  const auto key = std::make_tuple(m, depth, c.fresh_object_arrays, c.fresh);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  std::set<std::string> out;
  if (q->methods_read >= options_.max_methods) return out;
  ++q->methods_read;
  memo_[key] = out;  // a recursive call adds nothing more
  absl::StatusOr<std::shared_ptr<const ir::MethodIR>> ir = cache_.Get(m);
  if (!ir.ok()) return out;
  for (const ir::Block& b : (*ir)->blocks) {
    for (ir::EdgeId e : b.succs) {
      if ((*ir)->edges[e].kind != ir::EdgeKind::kException || !ir::LeavesMethod(**ir, e)) continue;
      ThrownType::Origin origin = ThrownType::Origin::kThrow;
      std::set<std::string> types = AlongEdge(**ir, e, depth, c, q, &origin);
      out.insert(types.begin(), types.end());
    }
  }
  memo_[key] = out;
  return out;
}

std::vector<ThrownType> ThrownTypes::Of(const ir::MethodIR& ir) {
  std::map<std::string, ThrownType> by_type;
  Query q;
  for (const ir::Block& b : ir.blocks) {
    for (ir::EdgeId e : b.succs) {
      if (ir.edges[e].kind != ir::EdgeKind::kException || !ir::LeavesMethod(ir, e)) continue;
      ThrownType::Origin origin = ThrownType::Origin::kThrow;
      const std::set<std::string> types = AlongEdge(ir, e, options_.callee_depth, Context{}, &q, &origin);
      const int32_t line = b.insns.empty() ? -1 : ir.insns[b.insns.back()].line;
      for (const std::string& t : types) {
        auto [it, fresh] = by_type.try_emplace(t);
        if (fresh) {
          it->second.type = t;
          it->second.origin = origin;
        } else {
          it->second.origin = std::min(it->second.origin, origin);
        }
        it->second.lines.insert(line);
      }
    }
  }
  std::vector<ThrownType> out;
  for (auto& [type, t] : by_type) out.push_back(std::move(t));
  std::stable_sort(out.begin(), out.end(), [](const ThrownType& a, const ThrownType& b) {
    const int32_t la = a.lines.empty() ? -1 : *a.lines.begin();
    const int32_t lb = b.lines.empty() ? -1 : *b.lines.begin();
    return std::tie(a.origin, la, a.type) < std::tie(b.origin, lb, b.type);
  });
  return out;
}

}  // namespace jwp::absint
