#include "ir/verifier.h"

#include <algorithm>
#include <optional>

#include "absl/strings/str_format.h"
#include "classfile/strings.h"
#include "ir/dominators.h"
#include "ir/printer.h"

namespace jwp::ir {

namespace {

class Verifier {
 public:
  Verifier(const MethodIR& ir, const classfile::ClassHierarchy* h) : ir_(ir), h_(h) {}

  std::vector<std::string> Run();

 private:
  // The one place every failure goes through (a good breakpoint).
  void CheckFailed(std::string msg) { failures_.push_back(Cat(ir_.QualifiedName(), ": ", msg)); }
// Formats the message only when the check fails (the verifier runs over
// every method of a class path).
#define JWP_VERIFY(cond, msg)   \
  do {                          \
    if (!(cond)) CheckFailed(msg); \
  } while (0)
  std::string At(const Instruction& in) const {
    return absl::StrFormat("B%d @%d `%s`", in.block, in.bci, InstructionString(ir_, in));
  }

  void CheckStructure();
  void CheckValues();
  void CheckDominance();
  void CheckBlockShape(const Block& b);
  void CheckExceptions(const Block& b);
  void CheckTypes(const Instruction& in);
  bool NonNull(ValueId v) const;
  // A value id in range whose def is an instruction id in range (broken IR
  // must not make the checks themselves read out of bounds).
  bool ValidValue(ValueId v) const {
    return v >= 0 && v < static_cast<ValueId>(ir_.values.size()) && ir_.values[v].def >= 0 &&
           ir_.values[v].def < static_cast<InsnId>(ir_.insns.size());
  }

  const MethodIR& ir_;
  const classfile::ClassHierarchy* h_;
  std::optional<Dominators> dom_;  // built once the edge lists are consistent
  std::vector<std::string> failures_;
};

void Verifier::CheckStructure() {
  const auto& blocks = ir_.blocks;
  const auto nblocks = static_cast<BlockId>(blocks.size());
  JWP_VERIFY(ir_.entry >= 0 && ir_.exit >= 0 && ir_.exceptional_exit >= 0 && ir_.entry < nblocks &&
                 ir_.exit < nblocks && ir_.exceptional_exit < nblocks,
             "missing entry or exit");
  if (!failures_.empty()) return;
  for (const Block& b : blocks) {
    JWP_VERIFY(b.id == static_cast<BlockId>(&b - blocks.data()), absl::StrFormat("block B%d has id %d", &b - blocks.data(), b.id));
  }
  // Each edge once in its source's succs and once in its target's preds.
  std::vector<int> in_succs(ir_.edges.size(), 0), in_preds(ir_.edges.size(), 0);
  for (const Block& b : blocks) {
    for (EdgeId e : b.succs) {
      if (e >= 0 && e < static_cast<EdgeId>(ir_.edges.size()) && ir_.edges[e].from == b.id) ++in_succs[e];
      else CheckFailed(absl::StrFormat("B%d lists successor edge %d that does not start there", b.id, e));
    }
    for (EdgeId e : b.preds) {
      if (e >= 0 && e < static_cast<EdgeId>(ir_.edges.size()) && ir_.edges[e].to == b.id) ++in_preds[e];
      else CheckFailed(absl::StrFormat("B%d lists predecessor edge %d that does not end there", b.id, e));
    }
  }
  for (size_t e = 0; e < ir_.edges.size(); ++e) {
    const Edge& edge = ir_.edges[e];
    JWP_VERIFY(in_succs[e] == 1,
          absl::StrFormat("edge %d (B%d->B%d) is not once in its source's successors", e, edge.from, edge.to));
    JWP_VERIFY(in_preds[e] == 1,
          absl::StrFormat("edge %d (B%d->B%d) is not once in its target's predecessors", e, edge.from, edge.to));
  }
  // Only now are block ids and edge endpoints safe to index with.
  if (!failures_.empty()) return;
  dom_.emplace(ir_);
  JWP_VERIFY(blocks[ir_.entry].preds.empty(), "the entry has predecessors");
  for (BlockId x : {ir_.exit, ir_.exceptional_exit}) {
    JWP_VERIFY(blocks[x].succs.empty(), absl::StrFormat("exit B%d has successors", x));
    JWP_VERIFY(blocks[x].insns.empty() && blocks[x].phis.empty(), absl::StrFormat("exit B%d has instructions", x));
  }
  for (const Block& b : blocks) {
    bool is_exit = b.id == ir_.exit || b.id == ir_.exceptional_exit;
    JWP_VERIFY(dom_->Reachable(b.id) || (is_exit && b.preds.empty()),
          absl::StrFormat("B%d is unreachable from the entry", b.id));
  }
  const auto& exits = ir_.structured_monitor_exits;
  JWP_VERIFY(std::is_sorted(exits.begin(), exits.end()), "structured monitor exits are not in order");
  for (InsnId x : exits) {
    JWP_VERIFY(x >= 0 && x < static_cast<InsnId>(ir_.insns.size()) && ir_.insns[x].op == Op::kMonitorExit,
               absl::StrFormat("structured monitor exit %d is not a monitorexit", x));
  }
}

void Verifier::CheckValues() {
  std::vector<int> defs(ir_.values.size(), 0);
  for (const Block& b : ir_.blocks) {
    for (InsnId id : b.phis) {
      const Instruction& in = ir_.insns[id];
      JWP_VERIFY(in.op == Op::kPhi, Cat("non-phi in the phi list: ", At(in)));
      JWP_VERIFY(in.operands.size() == b.preds.size(),
            absl::StrFormat("phi with %d operands in a block with %d predecessors: %s",
                            in.operands.size(), b.preds.size(), At(in)));
    }
    for (InsnId id : b.insns) {
      const Instruction& in = ir_.insns[id];
      JWP_VERIFY(in.op != Op::kPhi, Cat("phi among the instructions: ", At(in)));
      JWP_VERIFY(in.op != Op::kParam || b.id == ir_.entry, Cat("param outside the entry: ", At(in)));
      JWP_VERIFY(in.op != Op::kCatch || (b.is_handler && id == b.insns.front()),
            Cat("catch not at the start of a handler block: ", At(in)));
    }
    for (const auto* list : {&b.phis, &b.insns}) {
      for (InsnId id : *list) {
        const Instruction& in = ir_.insns[id];
        JWP_VERIFY(in.block == b.id, Cat("instruction claims another block: ", At(in)));
        if (in.result >= 0) {
          bool in_range = in.result < static_cast<ValueId>(ir_.values.size());
          if (in_range) ++defs[in.result];
          JWP_VERIFY(in_range && ir_.values[in.result].def == id, Cat("value's def does not point back: ", At(in)));
        }
      }
    }
  }
  for (size_t v = 0; v < ir_.values.size(); ++v) {
    JWP_VERIFY(defs[v] == 1, absl::StrFormat("v%d has %d definitions", v, defs[v]));
    TypeKind k = ir_.values[v].type.kind;
    JWP_VERIFY(k != TypeKind::kVoid && k != TypeKind::kReturnAddress,
          absl::StrFormat("v%d has type %s", v, TypeKindName(k)));
  }
}

void Verifier::CheckDominance() {
  // Position of each instruction inside its block, for same-block uses.
  std::vector<int32_t> pos(ir_.insns.size(), -1);
  for (const Block& b : ir_.blocks) {
    int32_t i = 0;
    for (InsnId id : b.phis) pos[id] = i++;
    for (InsnId id : b.insns) pos[id] = i++;
  }
  for (const Block& b : ir_.blocks) {
    for (InsnId id : b.phis) {
      const Instruction& phi = ir_.insns[id];
      for (size_t i = 0; i < phi.operands.size() && i < b.preds.size(); ++i) {
        ValueId o = phi.operands[i];
        if (!ValidValue(o)) {
          CheckFailed(Cat("phi operand out of range: ", At(phi)));
          continue;
        }
        BlockId from = ir_.edges[b.preds[i]].from;
        BlockId def_block = ir_.insns[ir_.values[o].def].block;
        JWP_VERIFY(dom_->Dominates(def_block, from),
              absl::StrFormat("phi operand v%d (defined in B%d) does not dominate predecessor B%d: %s", o,
                              def_block, from, At(phi)));
      }
    }
    for (InsnId id : b.insns) {
      const Instruction& in = ir_.insns[id];
      for (ValueId o : in.operands) {
        if (!ValidValue(o)) {
          CheckFailed(Cat("operand out of range: ", At(in)));
          continue;
        }
        InsnId def = ir_.values[o].def;
        BlockId db = ir_.insns[def].block;
        bool ok = db == b.id ? pos[def] < pos[id] : dom_->Dominates(db, b.id);
        JWP_VERIFY(ok, absl::StrFormat("use of v%d not dominated by its definition (B%d): %s", o, db, At(in)));
      }
    }
  }
}

bool Verifier::NonNull(ValueId v) const { return ValidValue(v) && IsKnownNonNull(ir_, v); }

void Verifier::CheckBlockShape(const Block& b) {
  if (b.id == ir_.exit || b.id == ir_.exceptional_exit) return;
  std::vector<const Edge*> normal, exceptional;
  for (EdgeId e : b.succs) {
    const Edge& edge = ir_.edges[e];
    (edge.kind == EdgeKind::kException ? exceptional : normal).push_back(&edge);
    JWP_VERIFY(edge.kind == EdgeKind::kException || exceptional.empty(),
          absl::StrFormat("B%d: a normal successor after an exceptional one", b.id));
  }
  const Instruction* last = b.insns.empty() ? nullptr : &ir_.insns[b.insns.back()];
  for (size_t i = 0; i + 1 < b.insns.size(); ++i) {
    const Instruction& in = ir_.insns[b.insns[i]];
    JWP_VERIFY(!OpIsTerminator(in.op), Cat("terminator in the middle of a block: ", At(in)));
  }
  Op op = last ? last->op : Op::kConst;
  if (op == Op::kIf) {
    JWP_VERIFY(normal.size() == 2 && normal[0]->kind == EdgeKind::kTrue && normal[1]->kind == EdgeKind::kFalse,
          Cat("if without true and false successors: ", At(*last)));
  } else if (op == Op::kSwitch) {
    bool known = last->index >= 0 && last->index < static_cast<int32_t>(ir_.switches.size());
    const std::vector<int32_t> none;
    const auto& cases = known ? ir_.switches[last->index].values : none;
    bool ok = known && normal.size() == cases.size() + 1;
    for (size_t i = 0; ok && i < cases.size(); ++i) {
      ok = normal[i]->kind == EdgeKind::kCase && normal[i]->case_value == cases[i];
    }
    JWP_VERIFY(ok && normal.back()->kind == EdgeKind::kDefault, Cat("switch successors do not match its cases: ", At(*last)));
  } else if (op == Op::kReturn) {
    JWP_VERIFY(normal.size() == 1 && normal[0]->to == ir_.exit, Cat("return does not go to the exit: ", At(*last)));
  } else if (op == Op::kThrow) {
    JWP_VERIFY(normal.empty(), Cat("throw with a normal successor: ", At(*last)));
    JWP_VERIFY(!exceptional.empty(), Cat("throw without exceptional successors: ", At(*last)));
  } else {
    JWP_VERIFY(normal.size() == 1 && normal[0]->kind == EdgeKind::kNormal,
          absl::StrFormat("B%d: %d normal successors, expected one", b.id, normal.size()));
    JWP_VERIFY(normal.empty() || normal[0]->to != ir_.exit, absl::StrFormat("B%d reaches the exit without return", b.id));
  }
  for (const Edge* e : normal) {
    JWP_VERIFY(e->to != ir_.exceptional_exit, absl::StrFormat("B%d: normal edge into the exceptional exit", b.id));
  }
}

void Verifier::CheckExceptions(const Block& b) {
  std::vector<const Edge*> exc;
  for (EdgeId e : b.succs) {
    if (ir_.edges[e].kind == EdgeKind::kException) exc.push_back(&ir_.edges[e]);
  }
  // At most one PEI, last. (A PEI whose only exception is ruled out, such as
  // a dereference of `this`, may stand anywhere.)
  // A PEI whose only exception is ruled out here (add, a dereference of a
  // value never null) cannot throw.
  auto cannot_throw = [&](const Instruction& in) {
    switch (in.op) {
      case Op::kGetField: case Op::kPutField: case Op::kArrayLength:
        return !in.operands.empty() && NonNull(in.operands[0]);
      case Op::kBinary:
        return !MayDivideByZero(ir_, in);
      default:
        return false;
    }
  };
  const Instruction* pei = nullptr;
  for (size_t i = 0; i < b.insns.size(); ++i) {
    const Instruction& in = ir_.insns[b.insns[i]];
    if (!OpMayThrow(in.op)) continue;
    if (i + 1 < b.insns.size()) {
      // Not last: it must be one that cannot throw here.
      JWP_VERIFY(cannot_throw(in), Cat("potentially-excepting instruction is not last in its block: ", At(in)));
    } else {
      pei = &in;
    }
  }
  if (!exc.empty()) {
    JWP_VERIFY(pei != nullptr,
               absl::StrFormat("B%d has exceptional successors but no instruction that throws", b.id));
  }
  if (pei == nullptr) return;
  auto has = [&](std::string_view type) {
    for (const Edge* e : exc) {
      if (e->thrown == type) return true;
    }
    return false;
  };
  auto require = [&](std::string_view type) {
    JWP_VERIFY(has(type), Cat("missing ", type, " edge: ", At(*pei)));
  };
  const Instruction& in = *pei;
  const ValueId op0 = in.operands.empty() ? kNone : in.operands[0];
  switch (in.op) {
    case Op::kGetField: case Op::kPutField: case Op::kArrayLength:
    case Op::kMonitorEnter: case Op::kMonitorExit:
      if (!NonNull(op0)) require("java/lang/NullPointerException");
      if (in.op == Op::kMonitorExit) require("java/lang/IllegalMonitorStateException");
      break;
    case Op::kArrayLoad: case Op::kArrayStore:
      if (!NonNull(op0)) require("java/lang/NullPointerException");
      require("java/lang/ArrayIndexOutOfBoundsException");
      if (in.op == Op::kArrayStore && (in.type[0] == 'L' || in.type[0] == '[')) require("java/lang/ArrayStoreException");
      break;
    case Op::kBinary:
      if (MayDivideByZero(ir_, in)) require("java/lang/ArithmeticException");
      break;
    case Op::kNewArray: case Op::kNewMultiArray: require("java/lang/NegativeArraySizeException"); break;
    case Op::kCheckCast: require("java/lang/ClassCastException"); break;
    case Op::kInvoke:
      require("java/lang/Throwable");
      if (in.invoke != InvokeKind::kStatic && in.invoke != InvokeKind::kDynamic && !NonNull(op0)) {
        require("java/lang/NullPointerException");
      }
      break;
    case Op::kStringConcat: require("java/lang/Throwable"); break;
    case Op::kThrow:
      if (!NonNull(op0)) require("java/lang/NullPointerException");
      break;
    default:
      break;
  }
  // Routing: every thrown type reaches a handler that surely catches it, or
  // the exceptional exit.
  std::vector<std::string_view> thrown;
  for (const Edge* e : exc) {
    if (std::find(thrown.begin(), thrown.end(), e->thrown) == thrown.end()) thrown.push_back(e->thrown);
  }
  for (std::string_view t : thrown) {
    bool settled = false;
    for (const Edge* e : exc) {
      if (e->thrown != t) continue;
      if (e->to == ir_.exceptional_exit || e->caught_as.empty() || e->caught_as == t) settled = true;
      if (!settled && h_ != nullptr && h_->IsSubtype(t, e->caught_as) == classfile::Tristate::kYes) settled = true;
      JWP_VERIFY(e->to == ir_.exceptional_exit || ir_.blocks[e->to].is_handler,
            absl::StrFormat("exception edge B%d->B%d does not enter a handler", e->from, e->to));
    }
    JWP_VERIFY(settled, Cat(t, " is neither surely caught nor routed to the exceptional exit: ", At(in)));
  }
}

void Verifier::CheckTypes(const Instruction& in) {
  auto kind = [&](size_t i) {
    return i < in.operands.size() && ValidValue(in.operands[i]) ? ir_.values[in.operands[i]].type.kind : TypeKind::kVoid;
  };
  auto is_ref = [&](size_t i) { return IsReference(kind(i)); };
  auto result = [&]() { return ValidValue(in.result) ? ir_.values[in.result].type.kind : TypeKind::kVoid; };
  switch (in.op) {
    case Op::kBinary: {
      bool shift = in.binary == BinaryOp::kShl || in.binary == BinaryOp::kShr || in.binary == BinaryOp::kUshr;
      JWP_VERIFY(in.operands.size() == 2 && kind(0) == result() && kind(1) == (shift ? TypeKind::kInt : result()),
            Cat("operand types do not fit: ", At(in)));
      break;
    }
    case Op::kNeg: JWP_VERIFY(kind(0) == result(), Cat("operand type does not fit: ", At(in))); break;
    case Op::kIf:
      JWP_VERIFY(in.operands.size() == 2 && (kind(0) == kind(1) || (is_ref(0) && is_ref(1))) &&
                (kind(0) == TypeKind::kInt || is_ref(0)),
            Cat("if compares values of different kinds: ", At(in)));
      break;
    case Op::kGetField: case Op::kArrayLength: case Op::kMonitorEnter: case Op::kMonitorExit:
    case Op::kThrow: case Op::kCheckCast: case Op::kInstanceOf:
      JWP_VERIFY(is_ref(0), Cat("operand is not a reference: ", At(in)));
      break;
    case Op::kPutField: JWP_VERIFY(is_ref(0), Cat("receiver is not a reference: ", At(in))); break;
    case Op::kArrayLoad: case Op::kArrayStore:
      JWP_VERIFY(is_ref(0) && kind(1) == TypeKind::kInt, Cat("array access needs a reference and an int: ", At(in)));
      break;
    case Op::kNewArray: case Op::kNewMultiArray:
      for (size_t i = 0; i < in.operands.size(); ++i) JWP_VERIFY(kind(i) == TypeKind::kInt, Cat("array size is not an int: ", At(in)));
      break;
    case Op::kSwitch: JWP_VERIFY(kind(0) == TypeKind::kInt, Cat("switch on a non-int: ", At(in))); break;
    case Op::kReturn: {
      std::string_view d = ir_.method_descriptor;
      std::string_view ret = d.substr(d.find(')') + 1);
      if (ret == "V") {
        JWP_VERIFY(in.operands.empty(), Cat("value returned from a void method: ", At(in)));
      } else {
        TypeKind want = ret[0] == 'J' ? TypeKind::kLong : ret[0] == 'F' ? TypeKind::kFloat
                      : ret[0] == 'D' ? TypeKind::kDouble : (ret[0] == 'L' || ret[0] == '[') ? TypeKind::kRef
                      : TypeKind::kInt;
        JWP_VERIFY(in.operands.size() == 1 && (kind(0) == want || (want == TypeKind::kRef && is_ref(0))),
              Cat("returned value does not fit the method's return type: ", At(in)));
      }
      break;
    }
    default:
      break;
  }
}

std::vector<std::string> Verifier::Run() {
  CheckStructure();
  if (!failures_.empty()) return failures_;
  CheckValues();
  CheckDominance();
  for (const Block& b : ir_.blocks) {
    CheckBlockShape(b);
    CheckExceptions(b);
    for (InsnId id : b.insns) CheckTypes(ir_.insns[id]);
  }
  return failures_;
}

}  // namespace

std::vector<std::string> VerifyMethodIR(const MethodIR& ir, const classfile::ClassHierarchy* hierarchy) {
  return Verifier(ir, hierarchy).Run();
}

}  // namespace jwp::ir
