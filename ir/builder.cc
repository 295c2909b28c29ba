#include "ir/builder.h"

#include <algorithm>
#include <cstring>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "classfile/bytecode.h"
#include "classfile/strings.h"
#include "ir/monitors.h"

namespace jwp::ir {
namespace {

using classfile::ClassFile;
using classfile::ClassHierarchy;
using classfile::CpTag;
using classfile::DecodedCode;
using classfile::MethodInfo;
using classfile::Opcode;
using classfile::Tristate;
using BInsn = classfile::Instruction;

// --- Descriptors ----------------------------------------------------------------

ValueType TypeOfDescriptor(std::string_view d) {
  if (d.empty()) return {TypeKind::kVoid, {}};
  switch (d[0]) {
    case 'I': case 'B': case 'C': case 'S': case 'Z': return {TypeKind::kInt, {}};
    case 'J': return {TypeKind::kLong, {}};
    case 'F': return {TypeKind::kFloat, {}};
    case 'D': return {TypeKind::kDouble, {}};
    case 'L': case '[': return {TypeKind::kRef, d};
    default: return {TypeKind::kVoid, {}};
  }
}

// Splits "(IJLjava/lang/String;)V" into parameter descriptors and the return
// descriptor. False if malformed.
bool SplitMethodDescriptor(std::string_view d, std::vector<std::string_view>* params,
                           std::string_view* ret) {
  if (d.empty() || d[0] != '(') return false;
  size_t i = 1;
  while (i < d.size() && d[i] != ')') {
    size_t start = i;
    while (i < d.size() && d[i] == '[') ++i;
    if (i >= d.size()) return false;
    if (d[i] == 'L') {
      size_t semi = d.find(';', i);
      if (semi == std::string_view::npos) return false;
      i = semi + 1;
    } else if (std::strchr("BCDFIJSZ", d[i]) != nullptr) {
      ++i;
    } else {
      return false;
    }
    params->push_back(d.substr(start, i - start));
  }
  if (i >= d.size()) return false;
  *ret = d.substr(i + 1);
  return !ret->empty();
}

// "Ljava/lang/String;" -> "java/lang/String"; arrays stay descriptors.
std::string_view ClassNameOfDescriptor(std::string_view d) {
  if (d.size() >= 2 && d[0] == 'L' && d.back() == ';') return d.substr(1, d.size() - 2);
  return d;
}

// --- Exceptions ------------------------------------------------------------------

constexpr std::string_view kNpe = "java/lang/NullPointerException";
constexpr std::string_view kAioobe = "java/lang/ArrayIndexOutOfBoundsException";
constexpr std::string_view kNase = "java/lang/NegativeArraySizeException";
constexpr std::string_view kCce = "java/lang/ClassCastException";
constexpr std::string_view kArith = "java/lang/ArithmeticException";
constexpr std::string_view kAse = "java/lang/ArrayStoreException";
constexpr std::string_view kImse = "java/lang/IllegalMonitorStateException";
constexpr std::string_view kThrowable = "java/lang/Throwable";

enum class IndyKind { kLambda, kConcat, kOpaque };

// A block of the CFG being discovered: a bytecode block in a subroutine
// context, or the catch block of an exception-table entry in a context.
struct Key {
  uint32_t bci = 0;
  int32_t ctx = 0;
  int32_t handler = -1;  // >= 0: the catch block of exception-table entry `handler`
  bool operator==(const Key&) const = default;
  template <typename H>
  friend H AbslHashValue(H h, const Key& k) {
    return H::combine(std::move(h), k.bci, k.ctx, k.handler);
  }
};

struct PlannedEdge {
  int32_t to;  // key index, or kExitKey / kExcExitKey
  EdgeKind kind;
  int32_t case_value = 0;
};

constexpr int32_t kExitKey = -2;
constexpr int32_t kExcExitKey = -3;

struct State {
  std::vector<ValueId> locals;
  std::vector<ValueId> stack;
};

class Builder {
 public:
  Builder(std::shared_ptr<const ClassFile> cf, const MethodInfo& m, const ClassHierarchy& h)
      : cf_(std::move(cf)), m_(m), h_(h), pool_(cf_->pool) {}

  absl::StatusOr<std::shared_ptr<const MethodIR>> Run(const std::function<void(MethodIR&)>* rewrite = nullptr);

 private:
  absl::Status Error(uint32_t bci, std::string_view msg) const {
    return absl::InvalidArgumentError(absl::StrFormat("%s: method %s%s: bci %d: %s", cf_->origin,
                                                      m_.name, m_.descriptor, bci, msg));
  }
  absl::Status Unsupported(uint32_t bci, std::string_view msg) const {
    return absl::UnimplementedError(absl::StrFormat("%s: method %s%s: bci %d: %s", cf_->origin,
                                                    m_.name, m_.descriptor, bci, msg));
  }

  // Pass 1: leaders and CFG discovery.
  bool IsPei(const BInsn& i) const;
  IndyKind ClassifyIndy(uint16_t cp_index) const;
  absl::Status FindLeaders();
  int32_t KeyIndex(const Key& k);
  absl::Status Discover();
  absl::Status PlanSuccessors(int32_t key_index);
  absl::Status PlanInto(int32_t key_index, std::vector<PlannedEdge>& out, std::vector<int32_t>& exc);
  void ComputeRpo();

  // Pass 2: translation into SSA.
  absl::Status Translate();
  absl::Status TranslateBlock(int32_t key_index, State& st);
  absl::Status TranslateInsn(const BInsn& in, State& st, bool* ended);
  void FillPhis();
  absl::Status PrunePhis();
  void Compact();

  // Emission.
  InsnId NewInsn(Op op, ValueType result, uint32_t bci);
  ValueId EmitValue(Op op, ValueType type, std::vector<ValueId> operands, uint32_t bci);
  InsnId EmitEffect(Op op, std::vector<ValueId> operands, uint32_t bci);
  ValueId Const(ConstKind kind, uint64_t bits, std::string_view text, uint32_t bci);
  ValueId IntConst(int32_t v, uint32_t bci) {
    return Const(ConstKind::kInt, static_cast<uint32_t>(v), {}, bci);
  }
  EdgeId AddEdge(BlockId from, BlockId to, EdgeKind kind);
  void AddExceptionEdges(BlockId from, uint32_t bci, std::string_view thrown, int32_t ctx);
  ValueType TypeOf(ValueId v) const { return ir_->values[v].type; }
  int32_t LineAt(uint32_t bci) const;
  std::string_view LocalName(uint16_t slot, uint32_t bci) const;

  std::shared_ptr<const ClassFile> cf_;
  const MethodInfo& m_;
  const ClassHierarchy& h_;
  const classfile::ConstantPool& pool_;
  DecodedCode code_;
  std::vector<int32_t> line_of_bci_;   // bci -> source line, -1 if none
  std::vector<int32_t> index_of_bci_;  // bci -> instruction index, -1 inside an instruction
  std::vector<int32_t> block_end_;     // instruction index -> last instruction index of its block (for leaders)
  std::vector<uint8_t> is_leader_;     // per instruction index
  std::vector<std::vector<uint32_t>> contexts_;  // interned jsr call chains
  std::vector<Key> keys_;
  absl::flat_hash_map<Key, int32_t> key_index_;
  std::vector<std::vector<PlannedEdge>> planned_;  // per key: normal successors
  std::vector<std::vector<int32_t>> planned_exc_;  // per key: exceptional successor keys (catch blocks)
  std::vector<int32_t> rpo_;                       // key indices in reverse postorder
  std::vector<int32_t> rpo_pos_;                   // key index -> position in rpo_, -1 unreachable
  std::vector<bool> back_edge_target_;             // key index -> has a predecessor later in RPO
  std::vector<std::string_view> pending_thrown_;   // exceptions the current PEI may throw

  std::unique_ptr<MethodIR> ir_;
  std::vector<BlockId> block_of_key_;
  BlockId cur_ = kNone;
  // The state each edge carries, as an index into states_: the normal edges
  // of a block share one, its exceptional edges another.
  std::vector<int32_t> edge_state_;
  std::vector<State> states_;
  std::vector<int32_t> state_users_;  // per state: edges carrying it not yet consumed
  const State& EdgeState(EdgeId e) const { return states_[edge_state_[e]]; }
  int32_t NewState(State s) {
    states_.push_back(std::move(s));
    state_users_.push_back(0);
    return static_cast<int32_t>(states_.size() - 1);
  }
  void SetEdgeState(EdgeId e, int32_t s) {
    edge_state_[e] = s;
    ++state_users_[s];
  }
  std::vector<bool> translated_;   // per key
  std::vector<std::vector<int32_t>> phi_slots_;  // per block: slot of each phi (locals, then stack)
  int32_t cur_ctx_ = 0;
  uint16_t max_locals_ = 0;
  std::vector<uint8_t> local_written_;  // per local slot: some instruction stores into it
  std::vector<std::string_view> desc_params_;  // scratch for invoke's descriptor
};

// --- Pass 1 ------------------------------------------------------------------------

IndyKind Builder::ClassifyIndy(uint16_t cp_index) const {
  const auto& e = pool_.at(cp_index);
  if (e.a >= cf_->bootstrap_methods.size()) return IndyKind::kOpaque;
  const auto& bsm = cf_->bootstrap_methods[e.a];
  const auto& mh = pool_.at(bsm.method_ref);
  std::string_view owner = pool_.MemberClass(mh.a);
  std::string_view name = pool_.MemberName(mh.a);
  if (owner == "java/lang/invoke/LambdaMetafactory" &&
      (name == "metafactory" || name == "altMetafactory") && bsm.arguments.size() >= 3 &&
      pool_.Is(bsm.arguments[1], CpTag::kMethodHandle)) {
    return IndyKind::kLambda;
  }
  if (owner == "java/lang/invoke/StringConcatFactory") return IndyKind::kConcat;
  return IndyKind::kOpaque;
}

bool Builder::IsPei(const BInsn& i) const {
  switch (i.opcode) {
    case Opcode::kIdiv: case Opcode::kIrem: case Opcode::kLdiv: case Opcode::kLrem:
    case Opcode::kIaload: case Opcode::kLaload: case Opcode::kFaload: case Opcode::kDaload:
    case Opcode::kAaload: case Opcode::kBaload: case Opcode::kCaload: case Opcode::kSaload:
    case Opcode::kIastore: case Opcode::kLastore: case Opcode::kFastore: case Opcode::kDastore:
    case Opcode::kAastore: case Opcode::kBastore: case Opcode::kCastore: case Opcode::kSastore:
    case Opcode::kGetfield: case Opcode::kPutfield:
    case Opcode::kInvokevirtual: case Opcode::kInvokespecial: case Opcode::kInvokestatic:
    case Opcode::kInvokeinterface:
    case Opcode::kNewarray: case Opcode::kAnewarray: case Opcode::kMultianewarray:
    case Opcode::kArraylength: case Opcode::kAthrow: case Opcode::kCheckcast:
    case Opcode::kMonitorenter: case Opcode::kMonitorexit:
      return true;
    case Opcode::kInvokedynamic:
      return ClassifyIndy(static_cast<uint16_t>(i.a)) != IndyKind::kLambda;
    default:
      return false;
  }
}

absl::Status Builder::FindLeaders() {
  const auto& insns = code_.instructions;
  const size_t n = insns.size();
  index_of_bci_.assign(m_.code->code.size(), -1);
  for (size_t k = 0; k < n; ++k) index_of_bci_[insns[k].offset] = static_cast<int32_t>(k);
  is_leader_.assign(n, 0);
  is_leader_[0] = 1;
  auto mark = [&](int64_t bci) {
    if (bci >= 0 && static_cast<size_t>(bci) < index_of_bci_.size() && index_of_bci_[bci] >= 0) {
      is_leader_[index_of_bci_[bci]] = 1;
    }
  };
  for (size_t k = 0; k < n; ++k) {
    const BInsn& i = insns[k];
    auto fmt = classfile::OpcodeFormat(i.opcode);
    bool ends = IsPei(i);
    if (fmt == classfile::OperandFormat::kBranch2 || fmt == classfile::OperandFormat::kBranch4) {
      if (!i.wide) mark(i.a);
      ends = true;
    } else if (i.opcode == Opcode::kTableswitch || i.opcode == Opcode::kLookupswitch) {
      const auto& sw = code_.switches[i.a];
      mark(sw.default_target);
      for (const auto& c : sw.cases) mark(c.second);
      ends = true;
    }
    switch (i.opcode) {
      case Opcode::kIreturn: case Opcode::kLreturn: case Opcode::kFreturn: case Opcode::kDreturn:
      case Opcode::kAreturn: case Opcode::kReturn: case Opcode::kAthrow: case Opcode::kRet:
        ends = true;
        break;
      default:
        break;
    }
    if (ends && k + 1 < n) is_leader_[k + 1] = 1;
  }
  for (const auto& e : m_.code->exception_table) {
    if (index_of_bci_[e.handler_pc] < 0) return Error(e.handler_pc, "handler is not an instruction");
    mark(e.handler_pc);
    // Try-range boundaries that are not instructions would mean handlers
    // covering half an instruction.
    if (index_of_bci_[e.start_pc] < 0) return Error(e.start_pc, "try range starts inside an instruction");
  }
  block_end_.assign(n, 0);
  for (size_t k = n; k-- > 0;) {
    block_end_[k] = (k + 1 < n && !is_leader_[k + 1]) ? block_end_[k + 1] : static_cast<int32_t>(k);
  }
  return absl::OkStatus();
}

int32_t Builder::KeyIndex(const Key& k) {
  auto [it, inserted] = key_index_.try_emplace(k, static_cast<int32_t>(keys_.size()));
  if (inserted) {
    keys_.push_back(k);
    planned_.emplace_back();
    planned_exc_.emplace_back();
  }
  return it->second;
}

absl::Status Builder::PlanSuccessors(int32_t ki) {
  // KeyIndex may grow planned_: collect into locals, store at the end.
  std::vector<PlannedEdge> out;
  out.reserve(2);
  std::vector<int32_t> exc;
  absl::Status status = PlanInto(ki, out, exc);
  planned_[ki] = std::move(out);
  planned_exc_[ki] = std::move(exc);
  return status;
}

absl::Status Builder::PlanInto(int32_t ki, std::vector<PlannedEdge>& out, std::vector<int32_t>& exc) {
  const Key key = keys_[ki];
  if (key.handler >= 0) {
    uint16_t pc = m_.code->exception_table[key.handler].handler_pc;
    out.push_back({KeyIndex({pc, key.ctx, -1}), EdgeKind::kNormal});
    return absl::OkStatus();
  }
  const auto& insns = code_.instructions;
  int32_t first = index_of_bci_[key.bci];
  const BInsn& last = insns[block_end_[first]];
  const uint32_t next_bci = last.offset + last.length;
  auto fallthrough = [&]() -> absl::Status {
    if (next_bci >= m_.code->code.size()) return Error(last.offset, "execution falls off the end of the code");
    out.push_back({KeyIndex({next_bci, key.ctx, -1}), EdgeKind::kNormal});
    return absl::OkStatus();
  };
  auto target = [&](int32_t bci, EdgeKind kind, int32_t value = 0) {
    out.push_back({KeyIndex({static_cast<uint32_t>(bci), key.ctx, -1}), kind, value});
  };
  switch (last.opcode) {
    case Opcode::kGoto: case Opcode::kGotoW:
      target(last.a, EdgeKind::kNormal);
      break;
    case Opcode::kIfeq: case Opcode::kIfne: case Opcode::kIflt: case Opcode::kIfge:
    case Opcode::kIfgt: case Opcode::kIfle: case Opcode::kIfIcmpeq: case Opcode::kIfIcmpne:
    case Opcode::kIfIcmplt: case Opcode::kIfIcmpge: case Opcode::kIfIcmpgt: case Opcode::kIfIcmple:
    case Opcode::kIfAcmpeq: case Opcode::kIfAcmpne: case Opcode::kIfnull: case Opcode::kIfnonnull:
      target(last.a, EdgeKind::kTrue);
      if (next_bci >= m_.code->code.size()) return Error(last.offset, "execution falls off the end of the code");
      target(static_cast<int32_t>(next_bci), EdgeKind::kFalse);
      break;
    case Opcode::kTableswitch: case Opcode::kLookupswitch: {
      const auto& sw = code_.switches[last.a];
      for (const auto& [value, t] : sw.cases) target(t, EdgeKind::kCase, value);
      target(sw.default_target, EdgeKind::kDefault);
      break;
    }
    case Opcode::kJsr: case Opcode::kJsrW: {
      std::vector<uint32_t> chain = contexts_[key.ctx];
      if (std::find(chain.begin(), chain.end(), last.offset) != chain.end()) {
        return Unsupported(last.offset, "recursive jsr subroutine");
      }
      if (chain.size() >= 16) return Unsupported(last.offset, "jsr subroutines nested deeper than 16");
      chain.push_back(last.offset);
      auto it = std::find(contexts_.begin(), contexts_.end(), chain);
      int32_t ctx = static_cast<int32_t>(it - contexts_.begin());
      if (it == contexts_.end()) contexts_.push_back(chain);
      out.push_back({KeyIndex({static_cast<uint32_t>(last.a), ctx, -1}), EdgeKind::kNormal});
      break;
    }
    case Opcode::kRet: {
      const auto& chain = contexts_[key.ctx];
      if (chain.empty()) return Unsupported(last.offset, "ret outside a jsr subroutine");
      std::vector<uint32_t> outer(chain.begin(), chain.end() - 1);
      int32_t ctx = static_cast<int32_t>(std::find(contexts_.begin(), contexts_.end(), outer) -
                                         contexts_.begin());
      const BInsn& jsr = insns[index_of_bci_[chain.back()]];
      out.push_back({KeyIndex({jsr.offset + jsr.length, ctx, -1}), EdgeKind::kNormal});
      break;
    }
    case Opcode::kIreturn: case Opcode::kLreturn: case Opcode::kFreturn: case Opcode::kDreturn:
    case Opcode::kAreturn: case Opcode::kReturn:
      out.push_back({kExitKey, EdgeKind::kNormal});
      break;
    case Opcode::kAthrow:
      break;
    default:
      if (absl::Status s = fallthrough(); !s.ok()) return s;
      break;
  }
  if (IsPei(last)) {
    // Any handler covering the instruction may be reached (callee and athrow
    // exceptions are routed precisely in pass 2); the exceptional exit too.
    const auto& table = m_.code->exception_table;
    for (size_t h = 0; h < table.size(); ++h) {
      if (table[h].start_pc <= last.offset && last.offset < table[h].end_pc) {
        exc.push_back(KeyIndex({table[h].handler_pc, key.ctx, static_cast<int32_t>(h)}));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status Builder::Discover() {
  contexts_.push_back({});
  size_t estimate = m_.code->exception_table.size();
  for (uint8_t leader : is_leader_) estimate += leader;
  keys_.reserve(estimate);
  planned_.reserve(estimate);
  planned_exc_.reserve(estimate);
  key_index_.reserve(estimate);
  KeyIndex({0, 0, -1});
  constexpr size_t kMaxKeys = 200000;
  for (size_t k = 0; k < keys_.size(); ++k) {
    if (keys_.size() > kMaxKeys) {
      return Unsupported(0, "too many blocks after inlining jsr subroutines");
    }
    if (absl::Status s = PlanSuccessors(static_cast<int32_t>(k)); !s.ok()) return s;
  }
  return absl::OkStatus();
}

void Builder::ComputeRpo() {
  const size_t n = keys_.size();
  std::vector<int32_t> post;
  post.reserve(n);
  std::vector<uint8_t> seen(n, 0);
  // Iterative DFS: (key, next successor index).
  std::vector<std::pair<int32_t, size_t>> stack;
  stack.reserve(n);
  stack.push_back({0, 0});
  seen[0] = 1;
  while (!stack.empty()) {
    auto& [k, i] = stack.back();
    size_t normal = planned_[k].size();
    size_t total = normal + planned_exc_[k].size();
    if (i < total) {
      int32_t s = i < normal ? planned_[k][i].to : planned_exc_[k][i - normal];
      ++i;
      if (s >= 0 && !seen[s]) {
        seen[s] = 1;
        stack.push_back({s, 0});
      }
      continue;
    }
    post.push_back(k);
    stack.pop_back();
  }
  rpo_.assign(post.rbegin(), post.rend());
  rpo_pos_.assign(n, -1);
  for (size_t i = 0; i < rpo_.size(); ++i) rpo_pos_[rpo_[i]] = static_cast<int32_t>(i);
  back_edge_target_.assign(n, false);
  for (int32_t k : rpo_) {
    auto note = [&](int32_t s) {
      if (s >= 0 && rpo_pos_[s] <= rpo_pos_[k]) back_edge_target_[s] = true;
    };
    for (const auto& e : planned_[k]) note(e.to);
    for (int32_t s : planned_exc_[k]) note(s);
  }
}

// --- Emission -------------------------------------------------------------------------

InsnId Builder::NewInsn(Op op, ValueType result, uint32_t bci) {
  InsnId id = static_cast<InsnId>(ir_->insns.size());
  Instruction& in = ir_->insns.emplace_back();
  in.op = op;
  in.block = cur_;
  in.bci = bci;
  in.line = LineAt(bci);
  if (result.kind != TypeKind::kVoid) {
    in.result = static_cast<ValueId>(ir_->values.size());
    ir_->values.push_back({result, id, {}});
  }
  return id;
}

ValueId Builder::EmitValue(Op op, ValueType type, std::vector<ValueId> operands, uint32_t bci) {
  InsnId id = NewInsn(op, type, bci);
  ir_->insns[id].operands = std::move(operands);
  ir_->blocks[cur_].insns.push_back(id);
  return ir_->insns[id].result;
}

InsnId Builder::EmitEffect(Op op, std::vector<ValueId> operands, uint32_t bci) {
  InsnId id = NewInsn(op, {TypeKind::kVoid, {}}, bci);
  ir_->insns[id].operands = std::move(operands);
  ir_->blocks[cur_].insns.push_back(id);
  return id;
}

ValueId Builder::Const(ConstKind kind, uint64_t bits, std::string_view text, uint32_t bci) {
  ValueType t;
  switch (kind) {
    case ConstKind::kInt: t = {TypeKind::kInt, {}}; break;
    case ConstKind::kLong: t = {TypeKind::kLong, {}}; break;
    case ConstKind::kFloat: t = {TypeKind::kFloat, {}}; break;
    case ConstKind::kDouble: t = {TypeKind::kDouble, {}}; break;
    case ConstKind::kNull: t = {TypeKind::kNull, {}}; break;
    case ConstKind::kString: t = {TypeKind::kRef, "Ljava/lang/String;"}; break;
    case ConstKind::kClass: t = {TypeKind::kRef, "Ljava/lang/Class;"}; break;
    case ConstKind::kMethodType: t = {TypeKind::kRef, "Ljava/lang/invoke/MethodType;"}; break;
    case ConstKind::kMethodHandle: t = {TypeKind::kRef, "Ljava/lang/invoke/MethodHandle;"}; break;
    case ConstKind::kDynamic: t = TypeOfDescriptor(text); break;
  }
  InsnId id = NewInsn(Op::kConst, t, bci);
  Instruction& in = ir_->insns[id];
  in.const_kind = kind;
  in.bits = bits;
  in.text = text;
  ir_->blocks[cur_].insns.push_back(id);
  return in.result;
}

EdgeId Builder::AddEdge(BlockId from, BlockId to, EdgeKind kind) {
  EdgeId id = static_cast<EdgeId>(ir_->edges.size());
  Edge& e = ir_->edges.emplace_back();
  e.from = from;
  e.to = to;
  e.kind = kind;
  ir_->blocks[from].succs.push_back(id);
  ir_->blocks[to].preds.push_back(id);
  edge_state_.push_back(-1);
  return id;
}

// Routes an exception of type `thrown` raised at `bci` through the exception
// table: an edge to each handler that may catch it, in table order, until one
// surely does; to the exceptional exit if none surely does.
void Builder::AddExceptionEdges(BlockId from, uint32_t bci, std::string_view thrown, int32_t ctx) {
  const auto& table = m_.code->exception_table;
  std::vector<std::string_view> not_caught_by;
  bool caught = false;
  for (size_t h = 0; h < table.size() && !caught; ++h) {
    const auto& e = table[h];
    if (!(e.start_pc <= bci && bci < e.end_pc)) continue;
    std::string_view catch_type = e.catch_type == 0 ? std::string_view() : pool_.ClassName(e.catch_type);
    bool may = true;
    if (catch_type.empty()) {
      caught = true;
    } else {
      Tristate sub = h_.IsSubtype(thrown, catch_type);
      if (sub == Tristate::kYes) {
        caught = true;
      } else if (sub == Tristate::kNo && h_.IsSubtype(catch_type, thrown) == Tristate::kNo) {
        may = false;  // unrelated types: this handler never sees it
      }
    }
    if (!may) continue;
    auto it = key_index_.find(Key{e.handler_pc, ctx, static_cast<int32_t>(h)});
    EdgeId id = AddEdge(from, block_of_key_[it->second], EdgeKind::kException);
    Edge& edge = ir_->edges[id];
    edge.thrown = thrown;
    edge.caught_as = catch_type;
    edge.not_caught_by = not_caught_by;
    if (!catch_type.empty()) not_caught_by.push_back(catch_type);
  }
  if (!caught) {
    EdgeId id = AddEdge(from, ir_->exceptional_exit, EdgeKind::kException);
    Edge& edge = ir_->edges[id];
    edge.thrown = thrown;
    edge.not_caught_by = std::move(not_caught_by);
  }
}

int32_t Builder::LineAt(uint32_t bci) const {
  return bci < line_of_bci_.size() ? line_of_bci_[bci] : -1;
}

std::string_view Builder::LocalName(uint16_t slot, uint32_t bci) const {
  for (const auto& lv : m_.code->local_variables) {
    if (lv.index == slot && lv.start_pc <= bci && bci <= uint32_t{lv.start_pc} + lv.length) {
      return pool_.Utf8(lv.name_index);
    }
  }
  return {};
}

// --- Pass 2 ---------------------------------------------------------------------------

absl::Status Builder::Translate() {
  ir_->blocks.reserve(rpo_.size() + 3);
  ir_->insns.reserve(2 * code_.instructions.size() + 8);
  ir_->values.reserve(2 * code_.instructions.size() + 8);
  // Entry block first, then one block per reachable key in RPO, then the exits.
  auto new_block = [&](uint32_t bci) {
    BlockId id = static_cast<BlockId>(ir_->blocks.size());
    Block& b = ir_->blocks.emplace_back();
    b.id = id;
    b.start_bci = bci;
    phi_slots_.emplace_back();
    return id;
  };
  ir_->entry = new_block(0);
  block_of_key_.assign(keys_.size(), kNone);
  for (int32_t k : rpo_) {
    block_of_key_[k] = new_block(keys_[k].bci);
    ir_->blocks[block_of_key_[k]].is_handler = keys_[k].handler >= 0;
  }
  ir_->exit = new_block(0);
  ir_->exceptional_exit = new_block(0);
  {
    // Room for the planned edges (an exceptional successor may be entered
    // once per exception type), so that the lists rarely grow.
    std::vector<int32_t> npreds(keys_.size(), 0);
    size_t nedges = 1;
    for (int32_t k : rpo_) {
      for (const PlannedEdge& p : planned_[k]) {
        if (p.to >= 0) ++npreds[p.to];
      }
      for (int32_t x : planned_exc_[k]) npreds[x] += 2;
      nedges += planned_[k].size() + 2 * planned_exc_[k].size() + 1;
    }
    for (int32_t k : rpo_) ir_->blocks[block_of_key_[k]].preds.reserve(npreds[k]);
    ir_->edges.reserve(nedges);
    edge_state_.reserve(nedges);
  }

  // Parameters.
  cur_ = ir_->entry;
  State st;
  st.locals.assign(max_locals_, kNone);
  std::vector<std::string_view> params;
  std::string_view ret;
  if (!SplitMethodDescriptor(m_.descriptor, &params, &ret)) {
    return Error(0, Cat("malformed method descriptor ", m_.descriptor));
  }
  size_t slot = 0;
  int32_t index = 0;
  auto add_param = [&](ValueType t) -> absl::Status {
    if (slot + (IsWide(t.kind) ? 2 : 1) > max_locals_) return Error(0, "parameters exceed max_locals");
    InsnId id = NewInsn(Op::kParam, t, 0);
    ir_->insns[id].index = index++;
    ir_->blocks[cur_].insns.push_back(id);
    ValueId v = ir_->insns[id].result;
    ir_->values[v].name = LocalName(static_cast<uint16_t>(slot), 0);
    ir_->params.push_back(v);
    st.locals[slot] = v;
    slot += IsWide(t.kind) ? 2 : 1;
    return absl::OkStatus();
  };
  if (!ir_->is_static) {
    std::string_view self = ir_->Intern(Cat("L", cf_->this_class, ";"));
    if (absl::Status s = add_param({TypeKind::kRef, self}); !s.ok()) return s;
  }
  for (std::string_view p : params) {
    if (absl::Status s = add_param(TypeOfDescriptor(p)); !s.ok()) return s;
  }
  EdgeId first = AddEdge(ir_->entry, block_of_key_[0], EdgeKind::kNormal);
  SetEdgeState(first, NewState(std::move(st)));

  translated_.assign(keys_.size(), false);
  for (int32_t k : rpo_) {
    BlockId b = block_of_key_[k];
    Block& block = ir_->blocks[b];
    // Entry state: from the single incoming edge, or phis for every slot. A
    // block with a predecessor later in RPO (a loop header) always gets
    // phis: that predecessor's edges are not made yet.
    const bool later_pred = back_edge_target_[k];
    if (block.preds.empty()) continue;  // unreachable once exceptions are routed precisely
    State in;
    if (!later_pred && block.preds.size() == 1) {
      // The last edge to consume a state (and the block has no phis that
      // FillPhis would fill from it) takes it over instead of copying it.
      int32_t si = edge_state_[block.preds[0]];
      if (--state_users_[si] == 0) {
        in = std::move(states_[si]);
      } else {
        in = states_[si];
      }
    } else {
      const State& model = EdgeState(block.preds.empty() ? 0 : block.preds[0]);
      size_t nlocals = max_locals_;
      size_t nstack = keys_[k].handler >= 0 ? 0 : model.stack.size();
      cur_ = b;
      in.locals.assign(nlocals, kNone);
      in.stack.assign(nstack, kNone);
      for (size_t s = 0; s < nlocals + nstack; ++s) {
        // The first incoming edge (always a forward one) gives the slot's
        // type; PrunePhis checks it against the other edges.
        ValueId model_value = s < nlocals ? (s < model.locals.size() ? model.locals[s] : kNone)
                                          : model.stack[s - nlocals];
        if (s < nlocals && !local_written_[s]) {
          in.locals[s] = model_value;
          continue;
        }
        // Without a later predecessor every incoming edge is already made: a
        // slot holding one value on all of them needs no phi (which would
        // also hide, say, that the value is a `new` object and never null).
        if (!later_pred && model_value >= 0) {
          bool same = true;
          for (size_t p = 1; same && p < block.preds.size(); ++p) {
            const State& o = EdgeState(block.preds[p]);
            size_t si = s - nlocals;
            same = s < nlocals ? s < o.locals.size() && o.locals[s] == model_value
                               : si < o.stack.size() && o.stack[si] == model_value;
          }
          if (same) {
            if (s < nlocals) in.locals[s] = model_value; else in.stack[s - nlocals] = model_value;
            continue;
          }
        }
        ValueType type = model_value >= 0 ? TypeOf(model_value) : ValueType{TypeKind::kVoid, {}};
        InsnId id = NewInsn(Op::kPhi, {TypeKind::kVoid, {}}, keys_[k].bci);
        ValueId v = static_cast<ValueId>(ir_->values.size());
        ir_->values.push_back({type, id, {}});
        ir_->insns[id].result = v;
        block.phis.push_back(id);
        phi_slots_[b].push_back(static_cast<int32_t>(s));
        if (s < nlocals) in.locals[s] = v; else in.stack[s - nlocals] = v;
      }
    }
    cur_ = b;
    cur_ctx_ = keys_[k].ctx;
    if (absl::Status s = TranslateBlock(k, in); !s.ok()) return s;
    translated_[k] = true;
  }
  return absl::OkStatus();
}

absl::Status Builder::TranslateBlock(int32_t k, State& st) {
  const Key key = keys_[k];
  Block& block = ir_->blocks[cur_];
  if (key.handler >= 0) {
    const auto& entry = m_.code->exception_table[key.handler];
    std::string_view catch_type =
        entry.catch_type == 0 ? std::string_view() : pool_.ClassName(entry.catch_type);
    std::string_view type = ir_->Intern(Cat("L", catch_type.empty() ? kThrowable : catch_type, ";"));
    ValueId exc = EmitValue(Op::kCatch, {TypeKind::kRef, type}, {}, entry.handler_pc);
    ir_->insns[ir_->values[exc].def].type = catch_type;
    st.stack.assign(1, exc);
    EdgeId e = AddEdge(cur_, block_of_key_[planned_[k][0].to], EdgeKind::kNormal);
    SetEdgeState(e, NewState(std::move(st)));
    (void)block;
    return absl::OkStatus();
  }
  const auto& insns = code_.instructions;
  int32_t first = index_of_bci_[key.bci];
  int32_t last = block_end_[first];
  pending_thrown_.clear();
  ir_->blocks[cur_].insns.reserve(ir_->blocks[cur_].insns.size() + (last - first) + 2);
  for (int32_t i = first; i <= last; ++i) {
    bool ended = false;
    if (absl::Status s = TranslateInsn(insns[i], st, &ended); !s.ok()) return s;
  }
  // Exceptional successors: the stack is cleared, the locals are those the
  // throwing instruction saw (no bytecode both throws and writes a local).
  int32_t exc_state = pending_thrown_.empty() ? -1 : NewState(State{st.locals, {}});
  int32_t normal_state = NewState(std::move(st));
  ir_->blocks[cur_].succs.reserve(planned_[k].size() + 2 * pending_thrown_.size());
  // Normal successors, in branch order.
  for (const PlannedEdge& p : planned_[k]) {
    BlockId to = p.to == kExitKey ? ir_->exit : block_of_key_[p.to];
    EdgeId e = AddEdge(cur_, to, p.kind);
    ir_->edges[e].case_value = p.case_value;
    SetEdgeState(e, normal_state);
  }
  for (std::string_view t : pending_thrown_) {  // AddExceptionEdges leaves it alone
    size_t before = ir_->edges.size();
    AddExceptionEdges(cur_, insns[last].offset, t, key.ctx);
    for (size_t e = before; e < ir_->edges.size(); ++e) SetEdgeState(static_cast<EdgeId>(e), exc_state);
  }
  return absl::OkStatus();
}

absl::Status Builder::TranslateInsn(const BInsn& in, State& st, bool* ended) {
  const uint32_t bci = in.offset;
  bool underflow = false;
  auto pop = [&]() -> ValueId {
    if (st.stack.empty()) {
      underflow = true;
      return kNone;
    }
    ValueId v = st.stack.back();
    st.stack.pop_back();
    return v;
  };
  auto push = [&](ValueId v) { st.stack.push_back(v); };
  auto cat = [&](ValueId v) { return v >= 0 && IsWide(TypeOf(v).kind) ? 2 : 1; };
  auto peek_cat = [&](size_t depth) {  // category of the value `depth` from the top
    if (st.stack.size() <= depth) {
      underflow = true;
      return 1;
    }
    return cat(st.stack[st.stack.size() - 1 - depth]);
  };
  auto kind_ok = [&](ValueId v, TypeKind want) {
    if (v < 0) return false;
    TypeKind k = TypeOf(v).kind;
    if (want == TypeKind::kRef) return k == TypeKind::kRef || k == TypeKind::kNull || k == TypeKind::kReturnAddress;
    return k == want;
  };
  auto load = [&](uint16_t slot, TypeKind want) -> absl::Status {
    if (slot >= st.locals.size()) return Error(bci, absl::StrFormat("local %d out of range", slot));
    ValueId v = st.locals[slot];
    if (!kind_ok(v, want)) {
      return Error(bci, absl::StrFormat("local %d does not hold a value of type %s", slot,
                                        TypeKindName(want)));
    }
    push(v);
    return absl::OkStatus();
  };
  auto store = [&](uint16_t slot) -> absl::Status {
    ValueId v = pop();
    if (v < 0) return Error(bci, "operand stack underflow");
    int width = cat(v);
    if (static_cast<size_t>(slot) + width > st.locals.size()) return Error(bci, absl::StrFormat("local %d out of range", slot));
    // A store into the second half of a long/double kills that value.
    if (slot > 0 && st.locals[slot - 1] >= 0 && IsWide(TypeOf(st.locals[slot - 1]).kind)) {
      st.locals[slot - 1] = kNone;
    }
    st.locals[slot] = v;
    if (width == 2) st.locals[slot + 1] = kNone;
    if (ir_->values[v].name.empty()) ir_->values[v].name = LocalName(slot, bci + in.length);
    return absl::OkStatus();
  };
  auto binary = [&](BinaryOp op, TypeKind t) {
    ValueId b = pop();
    ValueId a = pop();
    ValueId r = EmitValue(Op::kBinary, {t, {}}, {a, b}, bci);
    ir_->insns[ir_->values[r].def].binary = op;
    if (MayDivideByZero(*ir_, ir_->insns[ir_->values[r].def])) pending_thrown_.push_back(kArith);
    push(r);
  };
  auto convert = [&](ConvertOp op, TypeKind to) {
    ValueId a = pop();
    ValueId r = EmitValue(Op::kConvert, {to, {}}, {a}, bci);
    ir_->insns[ir_->values[r].def].convert = op;
    push(r);
  };
  auto compare = [&](CompareOp op) {
    ValueId b = pop();
    ValueId a = pop();
    ValueId r = EmitValue(Op::kCompare, {TypeKind::kInt, {}}, {a, b}, bci);
    ir_->insns[ir_->values[r].def].compare = op;
    push(r);
  };
  auto branch = [&](Cond c, ValueId a, ValueId b) {
    InsnId id = EmitEffect(Op::kIf, {a, b}, bci);
    ir_->insns[id].cond = c;
    *ended = true;
  };
  auto may_npe = [&](ValueId receiver) {
    if (!IsKnownNonNull(*ir_, receiver)) pending_thrown_.push_back(kNpe);
  };
  auto element_of = [&](ValueId array, std::string_view fallback) -> std::string_view {
    std::string_view d = array >= 0 ? TypeOf(array).descriptor : std::string_view();
    if (d.size() >= 2 && d[0] == '[') {
      std::string_view e = d.substr(1);
      if (fallback == "B") return e == "Z" ? "Z" : "B";
      if (fallback[0] == 'L') return (e[0] == 'L' || e[0] == '[') ? e : fallback;
      return fallback;
    }
    return fallback;
  };
  auto array_load = [&](std::string_view elem) {
    ValueId index = pop();
    ValueId array = pop();
    std::string_view e = element_of(array, elem);
    ValueId r = EmitValue(Op::kArrayLoad, TypeOfDescriptor(e), {array, index}, bci);
    ir_->insns[ir_->values[r].def].type = e;
    may_npe(array);
    pending_thrown_.push_back(kAioobe);
    push(r);
  };
  auto array_store = [&](std::string_view elem) {
    ValueId value = pop();
    ValueId index = pop();
    ValueId array = pop();
    std::string_view e = element_of(array, elem);
    InsnId id = EmitEffect(Op::kArrayStore, {array, index, value}, bci);
    ir_->insns[id].type = e;
    may_npe(array);
    pending_thrown_.push_back(kAioobe);
    if (elem[0] == 'L') pending_thrown_.push_back(kAse);
  };
  auto member = [&](InsnId id, uint16_t index) {
    Instruction& x = ir_->insns[id];
    x.owner = pool_.MemberClass(index);
    x.name = pool_.MemberName(index);
    x.descriptor = pool_.MemberDescriptor(index);
    x.interface_owner = pool_.at(index).tag == CpTag::kInterfaceMethodref;
  };
  auto invoke = [&](InvokeKind kind, uint16_t index) -> absl::Status {
    std::vector<std::string_view>& params = desc_params_;  // reused: no allocation per call
    params.clear();
    std::string_view ret;
    std::string_view desc = pool_.MemberDescriptor(index);
    if (!SplitMethodDescriptor(desc, &params, &ret)) {
      return Error(bci, Cat("malformed method descriptor ", desc));
    }
    std::vector<ValueId> args(params.size() + (kind == InvokeKind::kStatic ? 0 : 1));
    for (size_t i = args.size(); i-- > 0;) args[i] = pop();
    ValueType rt = TypeOfDescriptor(ret);
    InsnId id = NewInsn(Op::kInvoke, rt, bci);
    ValueId receiver = kind != InvokeKind::kStatic && !args.empty() ? args[0] : kNone;
    ir_->insns[id].operands = std::move(args);
    ir_->insns[id].invoke = kind;
    member(id, index);
    ir_->blocks[cur_].insns.push_back(id);
    if (kind != InvokeKind::kStatic && receiver != kNone) may_npe(receiver);
    pending_thrown_.push_back(kThrowable);
    if (rt.kind != TypeKind::kVoid) push(ir_->insns[id].result);
    return absl::OkStatus();
  };

  switch (in.opcode) {
    case Opcode::kNop: break;
    case Opcode::kAconstNull: push(Const(ConstKind::kNull, 0, {}, bci)); break;
    case Opcode::kIconstM1: case Opcode::kIconst0: case Opcode::kIconst1: case Opcode::kIconst2:
    case Opcode::kIconst3: case Opcode::kIconst4: case Opcode::kIconst5:
      push(IntConst(static_cast<int>(in.opcode) - static_cast<int>(Opcode::kIconst0), bci));
      break;
    case Opcode::kLconst0: case Opcode::kLconst1:
      push(Const(ConstKind::kLong, in.opcode == Opcode::kLconst1 ? 1 : 0, {}, bci));
      break;
    case Opcode::kFconst0: case Opcode::kFconst1: case Opcode::kFconst2: {
      float f = static_cast<float>(static_cast<int>(in.opcode) - static_cast<int>(Opcode::kFconst0));
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      push(Const(ConstKind::kFloat, bits, {}, bci));
      break;
    }
    case Opcode::kDconst0: case Opcode::kDconst1: {
      double d = in.opcode == Opcode::kDconst1 ? 1.0 : 0.0;
      uint64_t bits;
      std::memcpy(&bits, &d, 8);
      push(Const(ConstKind::kDouble, bits, {}, bci));
      break;
    }
    case Opcode::kBipush: case Opcode::kSipush: push(IntConst(in.a, bci)); break;
    case Opcode::kLdc: case Opcode::kLdcW: case Opcode::kLdc2W: {
      const uint16_t index = static_cast<uint16_t>(in.a);
      const auto& e = pool_.at(index);
      switch (e.tag) {
        case CpTag::kInteger: push(Const(ConstKind::kInt, e.bits & 0xFFFFFFFFu, {}, bci)); break;
        case CpTag::kFloat: push(Const(ConstKind::kFloat, e.bits & 0xFFFFFFFFu, {}, bci)); break;
        case CpTag::kLong: push(Const(ConstKind::kLong, e.bits, {}, bci)); break;
        case CpTag::kDouble: push(Const(ConstKind::kDouble, e.bits, {}, bci)); break;
        case CpTag::kString: push(Const(ConstKind::kString, 0, pool_.Utf8(e.a), bci)); break;
        case CpTag::kClass: push(Const(ConstKind::kClass, 0, pool_.Utf8(e.a), bci)); break;
        case CpTag::kMethodType: push(Const(ConstKind::kMethodType, 0, pool_.Utf8(e.a), bci)); break;
        case CpTag::kMethodHandle:
          push(Const(ConstKind::kMethodHandle, e.ref_kind,
                     ir_->Intern(Cat(pool_.MemberClass(e.a), ".", pool_.MemberName(e.a), ":",
                                     pool_.MemberDescriptor(e.a))),
                     bci));
          break;
        case CpTag::kDynamic: {
          ValueId v = Const(ConstKind::kDynamic, index, pool_.MemberDescriptor(index), bci);
          ir_->insns[ir_->values[v].def].text2 = pool_.MemberName(index);
          push(v);
          break;
        }
        default:
          return Error(bci, "ldc of an unloadable constant");
      }
      break;
    }
    case Opcode::kIload: case Opcode::kIload0: case Opcode::kIload1: case Opcode::kIload2: case Opcode::kIload3:
    case Opcode::kLload: case Opcode::kLload0: case Opcode::kLload1: case Opcode::kLload2: case Opcode::kLload3:
    case Opcode::kFload: case Opcode::kFload0: case Opcode::kFload1: case Opcode::kFload2: case Opcode::kFload3:
    case Opcode::kDload: case Opcode::kDload0: case Opcode::kDload1: case Opcode::kDload2: case Opcode::kDload3:
    case Opcode::kAload: case Opcode::kAload0: case Opcode::kAload1: case Opcode::kAload2: case Opcode::kAload3: {
      int op = static_cast<int>(in.opcode);
      int group, slot;
      if (op <= static_cast<int>(Opcode::kAload)) {
        group = op - static_cast<int>(Opcode::kIload);
        slot = in.a;
      } else {
        int k = op - static_cast<int>(Opcode::kIload0);
        group = k / 4;
        slot = k % 4;
      }
      static constexpr TypeKind kKinds[] = {TypeKind::kInt, TypeKind::kLong, TypeKind::kFloat,
                                            TypeKind::kDouble, TypeKind::kRef};
      if (absl::Status s = load(static_cast<uint16_t>(slot), kKinds[group]); !s.ok()) return s;
      break;
    }
    case Opcode::kIstore: case Opcode::kLstore: case Opcode::kFstore: case Opcode::kDstore: case Opcode::kAstore:
      if (absl::Status s = store(static_cast<uint16_t>(in.a)); !s.ok()) return s;
      break;
    case Opcode::kIstore0: case Opcode::kIstore1: case Opcode::kIstore2: case Opcode::kIstore3:
    case Opcode::kLstore0: case Opcode::kLstore1: case Opcode::kLstore2: case Opcode::kLstore3:
    case Opcode::kFstore0: case Opcode::kFstore1: case Opcode::kFstore2: case Opcode::kFstore3:
    case Opcode::kDstore0: case Opcode::kDstore1: case Opcode::kDstore2: case Opcode::kDstore3:
    case Opcode::kAstore0: case Opcode::kAstore1: case Opcode::kAstore2: case Opcode::kAstore3: {
      int k = static_cast<int>(in.opcode) - static_cast<int>(Opcode::kIstore0);
      if (absl::Status s = store(static_cast<uint16_t>(k % 4)); !s.ok()) return s;
      break;
    }
    case Opcode::kIaload: array_load("I"); break;
    case Opcode::kLaload: array_load("J"); break;
    case Opcode::kFaload: array_load("F"); break;
    case Opcode::kDaload: array_load("D"); break;
    case Opcode::kAaload: array_load("Ljava/lang/Object;"); break;
    case Opcode::kBaload: array_load("B"); break;
    case Opcode::kCaload: array_load("C"); break;
    case Opcode::kSaload: array_load("S"); break;
    case Opcode::kIastore: array_store("I"); break;
    case Opcode::kLastore: array_store("J"); break;
    case Opcode::kFastore: array_store("F"); break;
    case Opcode::kDastore: array_store("D"); break;
    case Opcode::kAastore: array_store("Ljava/lang/Object;"); break;
    case Opcode::kBastore: array_store("B"); break;
    case Opcode::kCastore: array_store("C"); break;
    case Opcode::kSastore: array_store("S"); break;
    case Opcode::kPop: pop(); break;
    case Opcode::kPop2:
      if (peek_cat(0) == 2) {
        pop();
      } else {
        pop();
        pop();
      }
      break;
    case Opcode::kDup: {
      ValueId v = pop();
      push(v);
      push(v);
      break;
    }
    case Opcode::kDupX1: {
      ValueId v1 = pop(), v2 = pop();
      push(v1); push(v2); push(v1);
      break;
    }
    case Opcode::kDupX2: {
      ValueId v1 = pop();
      if (peek_cat(0) == 2) {
        ValueId v2 = pop();
        push(v1); push(v2); push(v1);
      } else {
        ValueId v2 = pop(), v3 = pop();
        push(v1); push(v3); push(v2); push(v1);
      }
      break;
    }
    case Opcode::kDup2:
      if (peek_cat(0) == 2) {
        ValueId v = pop();
        push(v); push(v);
      } else {
        ValueId v1 = pop(), v2 = pop();
        push(v2); push(v1); push(v2); push(v1);
      }
      break;
    case Opcode::kDup2X1:
      if (peek_cat(0) == 2) {
        ValueId v1 = pop(), v2 = pop();
        push(v1); push(v2); push(v1);
      } else {
        ValueId v1 = pop(), v2 = pop(), v3 = pop();
        push(v2); push(v1); push(v3); push(v2); push(v1);
      }
      break;
    case Opcode::kDup2X2: {
      bool top_wide = peek_cat(0) == 2;
      if (top_wide) {
        ValueId v1 = pop();
        if (peek_cat(0) == 2) {  // form 4
          ValueId v2 = pop();
          push(v1); push(v2); push(v1);
        } else {  // form 2
          ValueId v2 = pop(), v3 = pop();
          push(v1); push(v3); push(v2); push(v1);
        }
      } else {
        ValueId v1 = pop(), v2 = pop();
        if (peek_cat(0) == 2) {  // form 3
          ValueId v3 = pop();
          push(v2); push(v1); push(v3); push(v2); push(v1);
        } else {  // form 1
          ValueId v3 = pop(), v4 = pop();
          push(v2); push(v1); push(v4); push(v3); push(v2); push(v1);
        }
      }
      break;
    }
    case Opcode::kSwap: {
      ValueId v1 = pop(), v2 = pop();
      push(v1); push(v2);
      break;
    }
    case Opcode::kIadd: binary(BinaryOp::kAdd, TypeKind::kInt); break;
    case Opcode::kLadd: binary(BinaryOp::kAdd, TypeKind::kLong); break;
    case Opcode::kFadd: binary(BinaryOp::kAdd, TypeKind::kFloat); break;
    case Opcode::kDadd: binary(BinaryOp::kAdd, TypeKind::kDouble); break;
    case Opcode::kIsub: binary(BinaryOp::kSub, TypeKind::kInt); break;
    case Opcode::kLsub: binary(BinaryOp::kSub, TypeKind::kLong); break;
    case Opcode::kFsub: binary(BinaryOp::kSub, TypeKind::kFloat); break;
    case Opcode::kDsub: binary(BinaryOp::kSub, TypeKind::kDouble); break;
    case Opcode::kImul: binary(BinaryOp::kMul, TypeKind::kInt); break;
    case Opcode::kLmul: binary(BinaryOp::kMul, TypeKind::kLong); break;
    case Opcode::kFmul: binary(BinaryOp::kMul, TypeKind::kFloat); break;
    case Opcode::kDmul: binary(BinaryOp::kMul, TypeKind::kDouble); break;
    case Opcode::kIdiv: binary(BinaryOp::kDiv, TypeKind::kInt); break;
    case Opcode::kLdiv: binary(BinaryOp::kDiv, TypeKind::kLong); break;
    case Opcode::kFdiv: binary(BinaryOp::kDiv, TypeKind::kFloat); break;
    case Opcode::kDdiv: binary(BinaryOp::kDiv, TypeKind::kDouble); break;
    case Opcode::kIrem: binary(BinaryOp::kRem, TypeKind::kInt); break;
    case Opcode::kLrem: binary(BinaryOp::kRem, TypeKind::kLong); break;
    case Opcode::kFrem: binary(BinaryOp::kRem, TypeKind::kFloat); break;
    case Opcode::kDrem: binary(BinaryOp::kRem, TypeKind::kDouble); break;
    case Opcode::kIneg: case Opcode::kLneg: case Opcode::kFneg: case Opcode::kDneg: {
      static constexpr TypeKind kKinds[] = {TypeKind::kInt, TypeKind::kLong, TypeKind::kFloat, TypeKind::kDouble};
      ValueId a = pop();
      push(EmitValue(Op::kNeg, {kKinds[static_cast<int>(in.opcode) - static_cast<int>(Opcode::kIneg)], {}}, {a}, bci));
      break;
    }
    case Opcode::kIshl: binary(BinaryOp::kShl, TypeKind::kInt); break;
    case Opcode::kLshl: binary(BinaryOp::kShl, TypeKind::kLong); break;
    case Opcode::kIshr: binary(BinaryOp::kShr, TypeKind::kInt); break;
    case Opcode::kLshr: binary(BinaryOp::kShr, TypeKind::kLong); break;
    case Opcode::kIushr: binary(BinaryOp::kUshr, TypeKind::kInt); break;
    case Opcode::kLushr: binary(BinaryOp::kUshr, TypeKind::kLong); break;
    case Opcode::kIand: binary(BinaryOp::kAnd, TypeKind::kInt); break;
    case Opcode::kLand: binary(BinaryOp::kAnd, TypeKind::kLong); break;
    case Opcode::kIor: binary(BinaryOp::kOr, TypeKind::kInt); break;
    case Opcode::kLor: binary(BinaryOp::kOr, TypeKind::kLong); break;
    case Opcode::kIxor: binary(BinaryOp::kXor, TypeKind::kInt); break;
    case Opcode::kLxor: binary(BinaryOp::kXor, TypeKind::kLong); break;
    case Opcode::kIinc: {
      uint16_t slot = static_cast<uint16_t>(in.a);
      if (absl::Status s = load(slot, TypeKind::kInt); !s.ok()) return s;
      ValueId c = IntConst(in.b, bci);
      ValueId a = pop();
      ValueId r = EmitValue(Op::kBinary, {TypeKind::kInt, {}}, {a, c}, bci);
      ir_->insns[ir_->values[r].def].binary = BinaryOp::kAdd;
      st.locals[slot] = r;
      if (ir_->values[r].name.empty()) ir_->values[r].name = LocalName(slot, bci + in.length);
      break;
    }
    case Opcode::kI2l: convert(ConvertOp::kI2L, TypeKind::kLong); break;
    case Opcode::kI2f: convert(ConvertOp::kI2F, TypeKind::kFloat); break;
    case Opcode::kI2d: convert(ConvertOp::kI2D, TypeKind::kDouble); break;
    case Opcode::kL2i: convert(ConvertOp::kL2I, TypeKind::kInt); break;
    case Opcode::kL2f: convert(ConvertOp::kL2F, TypeKind::kFloat); break;
    case Opcode::kL2d: convert(ConvertOp::kL2D, TypeKind::kDouble); break;
    case Opcode::kF2i: convert(ConvertOp::kF2I, TypeKind::kInt); break;
    case Opcode::kF2l: convert(ConvertOp::kF2L, TypeKind::kLong); break;
    case Opcode::kF2d: convert(ConvertOp::kF2D, TypeKind::kDouble); break;
    case Opcode::kD2i: convert(ConvertOp::kD2I, TypeKind::kInt); break;
    case Opcode::kD2l: convert(ConvertOp::kD2L, TypeKind::kLong); break;
    case Opcode::kD2f: convert(ConvertOp::kD2F, TypeKind::kFloat); break;
    case Opcode::kI2b: convert(ConvertOp::kI2B, TypeKind::kInt); break;
    case Opcode::kI2c: convert(ConvertOp::kI2C, TypeKind::kInt); break;
    case Opcode::kI2s: convert(ConvertOp::kI2S, TypeKind::kInt); break;
    case Opcode::kLcmp: compare(CompareOp::kLcmp); break;
    case Opcode::kFcmpl: compare(CompareOp::kFcmpl); break;
    case Opcode::kFcmpg: compare(CompareOp::kFcmpg); break;
    case Opcode::kDcmpl: compare(CompareOp::kDcmpl); break;
    case Opcode::kDcmpg: compare(CompareOp::kDcmpg); break;
    case Opcode::kIfeq: case Opcode::kIfne: case Opcode::kIflt:
    case Opcode::kIfge: case Opcode::kIfgt: case Opcode::kIfle: {
      ValueId a = pop();
      ValueId zero = IntConst(0, bci);
      branch(static_cast<Cond>(static_cast<int>(in.opcode) - static_cast<int>(Opcode::kIfeq)), a, zero);
      break;
    }
    case Opcode::kIfIcmpeq: case Opcode::kIfIcmpne: case Opcode::kIfIcmplt:
    case Opcode::kIfIcmpge: case Opcode::kIfIcmpgt: case Opcode::kIfIcmple: {
      ValueId b = pop(), a = pop();
      branch(static_cast<Cond>(static_cast<int>(in.opcode) - static_cast<int>(Opcode::kIfIcmpeq)), a, b);
      break;
    }
    case Opcode::kIfAcmpeq: case Opcode::kIfAcmpne: {
      ValueId b = pop(), a = pop();
      branch(in.opcode == Opcode::kIfAcmpeq ? Cond::kEq : Cond::kNe, a, b);
      break;
    }
    case Opcode::kIfnull: case Opcode::kIfnonnull: {
      ValueId a = pop();
      ValueId null = Const(ConstKind::kNull, 0, {}, bci);
      branch(in.opcode == Opcode::kIfnull ? Cond::kEq : Cond::kNe, a, null);
      break;
    }
    case Opcode::kGoto: case Opcode::kGotoW:
      break;
    case Opcode::kJsr: case Opcode::kJsrW: {
      InsnId id = NewInsn(Op::kConst, {TypeKind::kReturnAddress, {}}, bci);
      ir_->insns[id].bits = in.offset + in.length;
      ir_->blocks[cur_].insns.push_back(id);
      push(ir_->insns[id].result);
      break;
    }
    case Opcode::kRet: {
      // The return target was planned from the subroutine context; check that
      // the local really holds the address of that call's successor.
      uint16_t slot = static_cast<uint16_t>(in.a);
      ValueId v = slot < st.locals.size() ? st.locals[slot] : kNone;
      const auto& chain = contexts_[cur_ctx_];
      const BInsn& jsr = code_.instructions[index_of_bci_[chain.back()]];
      if (v < 0 || TypeOf(v).kind != TypeKind::kReturnAddress ||
          ir_->insns[ir_->values[v].def].op != Op::kConst ||
          ir_->insns[ir_->values[v].def].bits != jsr.offset + jsr.length) {
        return Unsupported(bci, "ret does not return from the innermost jsr subroutine");
      }
      *ended = true;
      break;
    }
    case Opcode::kTableswitch: case Opcode::kLookupswitch: {
      ValueId key = pop();
      InsnId id = EmitEffect(Op::kSwitch, {key}, bci);
      ir_->insns[id].index = static_cast<int32_t>(ir_->switches.size());
      SwitchCases sc;
      for (const auto& c : code_.switches[in.a].cases) sc.values.push_back(c.first);
      ir_->switches.push_back(std::move(sc));
      *ended = true;
      break;
    }
    case Opcode::kIreturn: case Opcode::kLreturn: case Opcode::kFreturn: case Opcode::kDreturn:
    case Opcode::kAreturn: {
      ValueId v = pop();
      EmitEffect(Op::kReturn, {v}, bci);
      *ended = true;
      break;
    }
    case Opcode::kReturn:
      EmitEffect(Op::kReturn, {}, bci);
      *ended = true;
      break;
    case Opcode::kGetstatic: {
      uint16_t index = static_cast<uint16_t>(in.a);
      ValueId r = EmitValue(Op::kGetStatic, TypeOfDescriptor(pool_.MemberDescriptor(index)), {}, bci);
      member(ir_->values[r].def, index);
      push(r);
      break;
    }
    case Opcode::kPutstatic: {
      ValueId v = pop();
      member(EmitEffect(Op::kPutStatic, {v}, bci), static_cast<uint16_t>(in.a));
      break;
    }
    case Opcode::kGetfield: {
      uint16_t index = static_cast<uint16_t>(in.a);
      ValueId obj = pop();
      ValueId r = EmitValue(Op::kGetField, TypeOfDescriptor(pool_.MemberDescriptor(index)), {obj}, bci);
      member(ir_->values[r].def, index);
      may_npe(obj);
      push(r);
      break;
    }
    case Opcode::kPutfield: {
      ValueId v = pop(), obj = pop();
      member(EmitEffect(Op::kPutField, {obj, v}, bci), static_cast<uint16_t>(in.a));
      may_npe(obj);
      break;
    }
    case Opcode::kInvokevirtual:
      if (auto s = invoke(InvokeKind::kVirtual, static_cast<uint16_t>(in.a)); !s.ok()) return s;
      break;
    case Opcode::kInvokespecial:
      if (auto s = invoke(InvokeKind::kSpecial, static_cast<uint16_t>(in.a)); !s.ok()) return s;
      break;
    case Opcode::kInvokestatic:
      if (auto s = invoke(InvokeKind::kStatic, static_cast<uint16_t>(in.a)); !s.ok()) return s;
      break;
    case Opcode::kInvokeinterface:
      if (auto s = invoke(InvokeKind::kInterface, static_cast<uint16_t>(in.a)); !s.ok()) return s;
      break;
    case Opcode::kInvokedynamic: {
      const uint16_t index = static_cast<uint16_t>(in.a);
      std::vector<std::string_view> params;
      std::string_view ret;
      std::string_view desc = pool_.MemberDescriptor(index);
      if (!SplitMethodDescriptor(desc, &params, &ret)) {
        return Error(bci, Cat("malformed invokedynamic descriptor ", desc));
      }
      std::vector<ValueId> args(params.size());
      for (size_t i = args.size(); i-- > 0;) args[i] = pop();
      const auto& bsm = cf_->bootstrap_methods[pool_.at(index).a];
      IndyKind kind = ClassifyIndy(index);
      ValueType rt = TypeOfDescriptor(ret);
      if (kind == IndyKind::kLambda) {
        ValueId r = EmitValue(Op::kLambda, rt, args, bci);
        Instruction& x = ir_->insns[ir_->values[r].def];
        const auto& impl = pool_.at(bsm.arguments[1]);
        x.owner = pool_.MemberClass(impl.a);
        x.name = pool_.MemberName(impl.a);
        x.descriptor = pool_.MemberDescriptor(impl.a);
        x.interface_owner = pool_.at(impl.a).tag == CpTag::kInterfaceMethodref;
        switch (static_cast<classfile::RefKind>(impl.ref_kind)) {
          case classfile::RefKind::kInvokeStatic: x.invoke = InvokeKind::kStatic; break;
          case classfile::RefKind::kInvokeInterface: x.invoke = InvokeKind::kInterface; break;
          case classfile::RefKind::kInvokeVirtual: x.invoke = InvokeKind::kVirtual; break;
          default: x.invoke = InvokeKind::kSpecial; break;  // private methods and constructors
        }
        x.type = ClassNameOfDescriptor(ret);
        x.text = pool_.MemberName(index);
        x.text2 = pool_.Is(bsm.arguments[0], CpTag::kMethodType)
                      ? pool_.Utf8(pool_.at(bsm.arguments[0]).a)
                      : std::string_view();
        push(r);
      } else if (kind == IndyKind::kConcat) {
        ValueId r = EmitValue(Op::kStringConcat, rt, args, bci);
        Instruction& x = ir_->insns[ir_->values[r].def];
        x.index = pool_.at(index).a;  // bootstrap method: its further arguments are the \2 constants
        if (!bsm.arguments.empty() && pool_.Is(bsm.arguments[0], CpTag::kString)) {
          x.text = pool_.Utf8(pool_.at(bsm.arguments[0]).a);
        } else {
          x.text = ir_->Intern(std::string(args.size(), '\1'));
        }
        pending_thrown_.push_back(kThrowable);  // toString() of the arguments runs user code
        push(r);
      } else {
        InsnId id = NewInsn(Op::kInvoke, rt, bci);
        Instruction& x = ir_->insns[id];
        x.operands = args;
        x.invoke = InvokeKind::kDynamic;
        x.name = pool_.MemberName(index);
        x.descriptor = desc;
        const auto& mh = pool_.at(bsm.method_ref);
        x.owner = pool_.MemberClass(mh.a);
        x.text = ir_->Intern(Cat(pool_.MemberClass(mh.a), ".", pool_.MemberName(mh.a)));
        ir_->blocks[cur_].insns.push_back(id);
        pending_thrown_.push_back(kThrowable);
        if (rt.kind != TypeKind::kVoid) push(x.result);
      }
      break;
    }
    case Opcode::kNew: {
      std::string_view name = pool_.ClassName(static_cast<uint16_t>(in.a));
      ValueId r = EmitValue(Op::kNew, {TypeKind::kRef, ir_->Intern(Cat("L", name, ";"))}, {}, bci);
      ir_->insns[ir_->values[r].def].type = name;
      push(r);
      break;
    }
    case Opcode::kNewarray:
    case Opcode::kAnewarray: {
      // One dimension of array type d ("[I", "[Ljava/lang/String;").
      std::string_view d;
      if (in.opcode == Opcode::kNewarray) {
        static constexpr std::string_view kDescs[] = {"[Z", "[C", "[F", "[D", "[B", "[S", "[I", "[J"};
        d = kDescs[in.a - 4];
      } else {
        std::string_view c = pool_.ClassName(static_cast<uint16_t>(in.a));
        d = ir_->Intern(c[0] == '[' ? Cat("[", c) : Cat("[L", c, ";"));
      }
      ValueId count = pop();
      ValueId r = EmitValue(Op::kNewArray, {TypeKind::kRef, d}, {count}, bci);
      ir_->insns[ir_->values[r].def].type = d;
      ir_->insns[ir_->values[r].def].index = 1;
      pending_thrown_.push_back(kNase);
      push(r);
      break;
    }
    case Opcode::kMultianewarray: {
      std::string_view d = pool_.ClassName(static_cast<uint16_t>(in.a));
      std::vector<ValueId> counts(in.b);
      for (size_t i = counts.size(); i-- > 0;) counts[i] = pop();
      ValueId r = EmitValue(Op::kNewMultiArray, {TypeKind::kRef, d}, counts, bci);
      ir_->insns[ir_->values[r].def].type = d;
      ir_->insns[ir_->values[r].def].index = in.b;
      pending_thrown_.push_back(kNase);
      push(r);
      break;
    }
    case Opcode::kArraylength: {
      ValueId a = pop();
      ValueId r = EmitValue(Op::kArrayLength, {TypeKind::kInt, {}}, {a}, bci);
      may_npe(a);
      push(r);
      break;
    }
    case Opcode::kAthrow: {
      ValueId e = pop();
      EmitEffect(Op::kThrow, {e}, bci);
      // The type of a phi (null, or its first edge's) and so of an element
      // loaded from it is provisional until PrunePhis joins the operands:
      // route such an exception as a Throwable.
      Op def = e >= 0 ? ir_->insns[ir_->values[e].def].op : Op::kConst;
      if (e >= 0 && (def == Op::kPhi || def == Op::kArrayLoad)) {
        pending_thrown_.push_back(kThrowable);
      } else if (e >= 0 && TypeOf(e).kind == TypeKind::kRef) {
        std::string_view d = TypeOf(e).descriptor;
        pending_thrown_.push_back(d.size() > 2 && d[0] == 'L' ? ClassNameOfDescriptor(d) : kThrowable);
      }
      may_npe(e);
      *ended = true;
      break;
    }
    case Opcode::kCheckcast: {
      std::string_view c = pool_.ClassName(static_cast<uint16_t>(in.a));
      std::string_view d = c[0] == '[' ? c : ir_->Intern(Cat("L", c, ";"));
      ValueId v = pop();
      ValueId r = EmitValue(Op::kCheckCast, {TypeKind::kRef, d}, {v}, bci);
      ir_->insns[ir_->values[r].def].type = c;
      pending_thrown_.push_back(kCce);
      push(r);
      break;
    }
    case Opcode::kInstanceof: {
      ValueId v = pop();
      ValueId r = EmitValue(Op::kInstanceOf, {TypeKind::kInt, {}}, {v}, bci);
      ir_->insns[ir_->values[r].def].type = pool_.ClassName(static_cast<uint16_t>(in.a));
      push(r);
      break;
    }
    case Opcode::kMonitorenter: case Opcode::kMonitorexit: {
      ValueId v = pop();
      EmitEffect(in.opcode == Opcode::kMonitorenter ? Op::kMonitorEnter : Op::kMonitorExit, {v}, bci);
      may_npe(v);
      if (in.opcode == Opcode::kMonitorexit) pending_thrown_.push_back(kImse);
      break;
    }
    case Opcode::kWide:
      return Error(bci, "stray wide prefix");
  }
  if (underflow) return Error(bci, Cat(classfile::OpcodeMnemonic(in.opcode), ": operand stack underflow"));
  return absl::OkStatus();
}

void Builder::FillPhis() {
  for (Block& b : ir_->blocks) {
    if (b.phis.empty()) continue;
    for (size_t p = 0; p < b.phis.size(); ++p) {
      Instruction& phi = ir_->insns[b.phis[p]];
      int32_t slot = phi_slots_[b.id][p];
      phi.operands.clear();
      phi.operands.reserve(b.preds.size());
      for (EdgeId e : b.preds) {
        const State& s = EdgeState(e);
        ValueId v = kNone;
        if (slot < static_cast<int32_t>(s.locals.size())) {
          v = s.locals[slot];
        } else {
          size_t si = slot - s.locals.size();
          if (si < s.stack.size()) v = s.stack[si];
        }
        phi.operands.push_back(v);
      }
    }
  }
}

absl::Status Builder::PrunePhis() {
  const size_t nv = ir_->values.size();
  // 1. Trivial phis (all operands the same value, or the phi itself) are
  //    replaced by that value, to a fixpoint.
  std::vector<ValueId> repl(nv);
  for (size_t v = 0; v < nv; ++v) repl[v] = static_cast<ValueId>(v);
  auto find = [&](ValueId v) {
    while (v >= 0 && repl[v] != v) {
      if (repl[v] >= 0) repl[v] = repl[repl[v]];  // path halving; kNone (undefined) ends the chain
      v = repl[v];
    }
    return v;
  };
  std::vector<InsnId> phis;
  for (const Block& b : ir_->blocks) phis.insert(phis.end(), b.phis.begin(), b.phis.end());
  for (bool changed = true; changed;) {
    changed = false;
    for (InsnId id : phis) {
      const Instruction& phi = ir_->insns[id];
      ValueId self = find(phi.result);
      if (self != phi.result) continue;  // already replaced
      ValueId same = kNone;
      bool trivial = true, any = false;
      for (ValueId o : phi.operands) {
        ValueId r = find(o);
        if (r == self) continue;
        if (!any) {
          same = r;
          any = true;
        } else if (r != same) {
          trivial = false;
          break;
        }
      }
      if (trivial && any) {
        repl[self] = same;  // same may be kNone: an undefined slot
        changed = true;
      }
    }
  }
  auto resolve = [&](ValueId v) -> ValueId {
    if (v < 0) return v;
    while (v >= 0 && repl[v] != v) v = repl[v];
    return v;
  };
  for (Instruction& in : ir_->insns) {
    for (ValueId& o : in.operands) o = resolve(o);
  }
  // 2. Liveness from real uses, through phis.
  std::vector<uint8_t> live(nv, 0);
  std::vector<ValueId> work;
  work.reserve(nv);
  for (const Block& b : ir_->blocks) {
    for (InsnId id : b.insns) {
      for (ValueId o : ir_->insns[id].operands) {
        if (o >= 0 && !live[o]) {
          live[o] = 1;
          work.push_back(o);
        }
      }
    }
  }
  while (!work.empty()) {
    ValueId v = work.back();
    work.pop_back();
    const Instruction& d = ir_->insns[ir_->values[v].def];
    if (d.op != Op::kPhi) continue;
    for (ValueId o : d.operands) {
      if (o >= 0 && !live[o]) {
        live[o] = 1;
        work.push_back(o);
      }
    }
  }
  // 3. Live phis get their type from their operands (to a fixpoint through
  //    phi cycles); dead and replaced phis go.
  for (Block& b : ir_->blocks) {
    std::erase_if(b.phis, [&](InsnId id) {
      ValueId v = ir_->insns[id].result;
      return !(live[v] && repl[v] == v);
    });
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (const Block& b : ir_->blocks) {
      for (InsnId id : b.phis) {
        const Instruction& phi = ir_->insns[id];
        ValueType t = ir_->values[phi.result].type;
        for (ValueId o : phi.operands) {
          if (o < 0) continue;
          ValueType ot = ir_->values[o].type;
          if (ot.kind == TypeKind::kVoid || ot == t) continue;
          if (t.kind == TypeKind::kVoid || (t.kind == TypeKind::kNull && ot.kind == TypeKind::kRef)) {
            t = ot;
          } else if (t.kind == TypeKind::kRef && ot.kind == TypeKind::kNull) {
            // null joins any reference type
          } else if (t.kind == TypeKind::kRef && ot.kind == TypeKind::kRef) {
            t = {TypeKind::kRef, "Ljava/lang/Object;"};  // static types differ: their join, approximated
          } else {
            return Error(phi.bci, absl::StrFormat("a %s and a %s value meet in a used variable",
                                                  TypeKindName(t.kind), TypeKindName(ot.kind)));
          }
        }
        if (!(t == ir_->values[phi.result].type)) {
          ir_->values[phi.result].type = t;
          changed = true;
        }
      }
    }
    // A reference loaded from an array takes its type from the array's,
    // which was provisional when the array was a phi.
    for (Instruction& in : ir_->insns) {
      if (in.op != Op::kArrayLoad || in.result < 0 || in.operands.empty() || in.operands[0] < 0 ||
          ir_->values[in.result].type.kind != TypeKind::kRef) {
        continue;
      }
      std::string_view d = ir_->values[in.operands[0]].type.descriptor;
      std::string_view e = d.size() >= 2 && d[0] == '[' && (d[1] == 'L' || d[1] == '[')
                               ? d.substr(1) : std::string_view("Ljava/lang/Object;");
      if (ir_->values[in.result].type.descriptor != e) {
        ir_->values[in.result].type.descriptor = e;
        in.type = e;
        changed = true;
      }
    }
  }
  for (const Block& b : ir_->blocks) {
    for (InsnId id : b.phis) {
      const Instruction& phi = ir_->insns[id];
      for (ValueId o : phi.operands) {
        if (o < 0) return Error(phi.bci, "a variable used here is undefined on some path");
      }
      if (ir_->values[phi.result].type.kind == TypeKind::kReturnAddress) {
        return Unsupported(phi.bci, "a return address is used as a value");
      }
    }
    for (InsnId id : b.insns) {
      for (ValueId o : ir_->insns[id].operands) {
        if (o < 0) return Error(ir_->insns[id].bci, "an operand is undefined on some path");
        if (ir_->values[o].type.kind == TypeKind::kReturnAddress) {
          return Unsupported(ir_->insns[id].bci, "a return address is used as a value");
        }
      }
    }
  }
  return absl::OkStatus();
}

// Drops removed phis, return-address constants and untranslated blocks, and
// renumbers values, instructions and blocks densely, in block order.
void Builder::Compact() {
  MethodIR& ir = *ir_;
  std::vector<uint8_t> keep_block(ir.blocks.size(), 0);
  keep_block[ir.entry] = keep_block[ir.exit] = keep_block[ir.exceptional_exit] = 1;
  for (const Edge& e : ir.edges) keep_block[e.from] = keep_block[e.to] = 1;
  std::vector<BlockId> block_map(ir.blocks.size(), kNone);
  std::vector<Block> blocks;
  blocks.reserve(ir.blocks.size());
  for (Block& b : ir.blocks) {
    if (!keep_block[b.id]) continue;
    block_map[b.id] = static_cast<BlockId>(blocks.size());
    blocks.push_back(std::move(b));
  }
  std::vector<InsnId> insn_map(ir.insns.size(), kNone);
  std::vector<ValueId> value_map(ir.values.size(), kNone);
  std::vector<Instruction> insns;
  std::vector<Value> values;
  insns.reserve(ir.insns.size());
  values.reserve(ir.values.size());
  auto take = [&](InsnId id) -> InsnId {
    Instruction& in = ir.insns[id];
    InsnId nid = static_cast<InsnId>(insns.size());
    insn_map[id] = nid;
    if (in.result >= 0) {
      value_map[in.result] = static_cast<ValueId>(values.size());
      Value v = ir.values[in.result];
      v.def = nid;
      values.push_back(v);
    }
    insns.push_back(std::move(in));
    return nid;
  };
  for (size_t bi = 0; bi < blocks.size(); ++bi) {
    Block& b = blocks[bi];
    b.id = static_cast<BlockId>(bi);
    for (InsnId& id : b.phis) id = take(id);
    size_t kept = 0;  // filtered in place: take() reads the old id before it is overwritten
    for (size_t i = 0; i < b.insns.size(); ++i) {
      const Instruction& in = ir.insns[b.insns[i]];
      if (in.op == Op::kConst && in.result >= 0 &&
          ir.values[in.result].type.kind == TypeKind::kReturnAddress) {
        continue;
      }
      b.insns[kept++] = take(b.insns[i]);
    }
    b.insns.resize(kept);
  }
  for (Instruction& in : insns) {
    in.block = block_map[in.block];
    if (in.result >= 0) in.result = value_map[in.result];
    for (ValueId& o : in.operands) o = value_map[o];
  }
  for (Edge& e : ir.edges) {
    e.from = block_map[e.from];
    e.to = block_map[e.to];
  }
  for (ValueId& p : ir.params) p = value_map[p];
  ir.entry = block_map[ir.entry];
  ir.exit = block_map[ir.exit];
  ir.exceptional_exit = block_map[ir.exceptional_exit];
  ir.blocks = std::move(blocks);
  ir.insns = std::move(insns);
  ir.values = std::move(values);
}

absl::StatusOr<std::shared_ptr<const MethodIR>> Builder::Run(const std::function<void(MethodIR&)>* rewrite) {
  if (!m_.code) return absl::FailedPreconditionError(Cat(cf_->origin, ": method ", m_.name, m_.descriptor, " has no code"));
  auto decoded = classfile::DecodeCode(*cf_, m_);
  if (!decoded.ok()) return decoded.status();
  code_ = std::move(*decoded);
  max_locals_ = m_.code->max_locals;
  // Slots no instruction writes keep their entry value (`this`, unchanged
  // parameters) everywhere: they need no phis, so that, say, a getfield of
  // `this` in a loop is still seen to be on a non-null receiver. A store to
  // s may also kill s-1 and s+1 (long and double halves).
  local_written_.assign(max_locals_ + 1u, 0);
  for (const BInsn& i : code_.instructions) {
    int32_t slot = -1;
    int op = static_cast<int>(i.opcode);
    if ((op >= static_cast<int>(Opcode::kIstore) && op <= static_cast<int>(Opcode::kAstore)) ||
        i.opcode == Opcode::kIinc) {
      slot = i.a;
    } else if (op >= static_cast<int>(Opcode::kIstore0) && op <= static_cast<int>(Opcode::kAstore3)) {
      slot = (op - static_cast<int>(Opcode::kIstore0)) % 4;
    }
    for (int32_t s = slot - 1; slot >= 0 && s <= slot + 1; ++s) {
      if (s >= 0 && s < static_cast<int32_t>(local_written_.size())) local_written_[s] = 1;
    }
  }
  line_of_bci_.assign(m_.code->code.size(), -1);
  {
    auto lines = m_.code->line_numbers;
    std::stable_sort(lines.begin(), lines.end(),
                     [](const auto& a, const auto& b) { return a.start_pc < b.start_pc; });
    for (size_t i = 0; i < lines.size(); ++i) {
      uint32_t end = i + 1 < lines.size() ? lines[i + 1].start_pc : line_of_bci_.size();
      for (uint32_t b = lines[i].start_pc; b < end && b < line_of_bci_.size(); ++b) {
        line_of_bci_[b] = lines[i].line;
      }
    }
  }
  ir_ = std::make_unique<MethodIR>();
  ir_->class_file = cf_;
  ir_->method = &m_;
  ir_->class_name = cf_->this_class;
  ir_->method_name = m_.name;
  ir_->method_descriptor = m_.descriptor;
  ir_->is_static = m_.IsStatic();
  if (absl::Status s = FindLeaders(); !s.ok()) return s;
  if (absl::Status s = Discover(); !s.ok()) return s;
  ComputeRpo();
  if (absl::Status s = Translate(); !s.ok()) return s;
  // A block skipped as unreachable must not have received edges later.
  for (size_t k = 0; k < keys_.size(); ++k) {
    BlockId b = block_of_key_[k];
    if (b >= 0 && !translated_[k] && !ir_->blocks[b].preds.empty()) {
      return Unsupported(keys_[k].bci, "irreducible control flow");
    }
  }
  FillPhis();
  if (absl::Status s = PrunePhis(); !s.ok()) return s;
  Compact();
  ir_->structured_monitor_exits = StructuredMonitorExits(*ir_);
  if (rewrite != nullptr && *rewrite) (*rewrite)(*ir_);
  return std::shared_ptr<const MethodIR>(std::move(ir_));
}

}  // namespace

absl::StatusOr<std::shared_ptr<const MethodIR>> BuildMethodIR(
    std::shared_ptr<const classfile::ClassFile> cf, const classfile::MethodInfo& method,
    const classfile::ClassHierarchy& hierarchy) {
  return Builder(std::move(cf), method, hierarchy).Run();
}

absl::StatusOr<std::shared_ptr<const MethodIR>> BuildMethodIR(
    std::shared_ptr<const classfile::ClassFile> cf, const classfile::MethodInfo& method,
    const classfile::ClassHierarchy& hierarchy, const std::function<void(MethodIR&)>& rewrite) {
  return Builder(std::move(cf), method, hierarchy).Run(&rewrite);
}

}  // namespace jwp::ir
