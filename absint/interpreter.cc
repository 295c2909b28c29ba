// The forward analysis's interpreter; see internal/interpreter.h. One
// function per instruction group (StepValue, StepHeapAccess, StepObject,
// StepControl), as wp/transformer.cc is split.
#include "absint/internal/interpreter.h"

#include <algorithm>
#include <functional>

#include "absl/strings/str_cat.h"
#include "base/java_semantics.h"
#include "callgraph/call_targets.h"
#include "classfile/utf16.h"
#include "ir/dominators.h"

namespace jwp::absint::internal {

namespace {

constexpr std::string_view kStringClass = "java/lang/String";

// Java's String.hashCode of a literal (its UTF-16 code units).
int32_t JavaHash(std::string_view utf8) {
  uint32_t h = 0;
  for (uint16_t u : classfile::Utf16(utf8)) h = 31 * h + u;
  return static_cast<int32_t>(h);
}

// A subtype test on known types (internal names or array descriptors, as
// ClassHierarchy::IsSubtype takes them, arrays by JLS 4.10.3): 1, 0, -1
// unknown.
int IsSubtype(const classfile::ClassHierarchy& h, std::string_view a, std::string_view b) {
  switch (h.IsSubtype(a, b)) {
    case classfile::Tristate::kYes: return 1;
    case classfile::Tristate::kNo: return 0;
    default: return -1;
  }
}

// The exact type a parameter's declared type fixes (the verifier admits
// only values assignable to it): a primitive array (of any dimension), or
// a final class; "" otherwise.
std::string ExactDeclaredType(const classfile::ClassHierarchy& h, std::string_view descriptor) {
  const size_t dims = descriptor.find_first_not_of('[');
  if (dims == std::string_view::npos) return "";
  if (dims > 0) return descriptor.size() == dims + 1 ? std::string(descriptor) : "";
  if (!descriptor.starts_with('L') || !descriptor.ends_with(';')) return "";
  const std::string_view cls = descriptor.substr(1, descriptor.size() - 2);
  const classfile::ClassId id = h.Find(cls);
  return id != classfile::kNoClass && h.IsFinal(id) ? std::string(cls) : "";
}

}  // namespace

// Parameter k of `m` holding `v`: what it holds of objects the analysis does
// not track is of the exact type the declaration fixes, if it fixes one.
AbsVal Interpreter::WithDeclaredType(const ir::MethodIR& m, size_t k, AbsVal v) const {
  const ir::Value& p = m.values[m.params[k]];
  if (p.type.kind != ir::TypeKind::kRef) return v;
  if (v.kind != AbsVal::kTop && !(v.kind == AbsVal::kRef && v.unknown && !v.str && v.exact.empty())) return v;
  const std::string exact = ExactDeclaredType(h_, p.type.descriptor);
  if (exact.empty()) return v;
  if (v.kind == AbsVal::kTop) {
    v = AbsVal::NonNull();
    v.may_null = true;
  }
  v.exact = exact;
  return v;
}

struct Interpreter::Activation {
  Activation(const ir::MethodIR& m, const std::string& c, uint32_t d) : ir(m), context(c), depth(d) {}
  const ir::MethodIR& ir;
  const std::string& context;
  uint32_t depth;
  std::vector<AbsVal> values;
  std::vector<std::optional<Heap>> in;  // per block
  std::vector<bool> live;               // per edge
  std::vector<std::vector<ir::BlockId>> users;  // per value: blocks using it
  std::deque<ir::BlockId> work;
  std::vector<bool> queued;
  Outcome outcome;
  // Path by path (RunPaths): values are assigned, not joined; `via` is the
  // edge the current state came along (kNone at the entry), and Block
  // hands the states it makes to `next` instead of joining them into `in`.
  bool path = false;
  ir::EdgeId via = ir::kNone;
  std::vector<PathState> next;
  // The normal returns of the call that ends the current block, when the
  // callee ran path by path: each continues as a state of its own.
  std::vector<std::pair<AbsVal, Heap>> forks;
  ir::ValueId fork_result = ir::kNone;
  // The goal's method: the states at each block's entry, after its phis.
  std::optional<std::vector<std::vector<State>>> states;

  void Enqueue(ir::BlockId b) {
    if (!queued[b]) {
      queued[b] = true;
      work.push_back(b);
    }
  }
  // values[v] := values[v] ⊔ x, queueing the blocks that use v when it grew.
  void Set(ir::ValueId v, const AbsVal& x) {
    if (v == ir::kNone) return;
    if (path) {
      values[v] = x;
      return;
    }
    AbsVal j = Join(values[v], x);
    if (j == values[v]) return;
    values[v] = std::move(j);
    for (ir::BlockId b : users[v]) {
      if (in[b]) Enqueue(b);
    }
  }
  const AbsVal& Get(ir::ValueId v) const {
    static const AbsVal kTop = AbsVal::Top();
    return v >= 0 && static_cast<size_t>(v) < values.size() ? values[v] : kTop;
  }
};

ObjId Interpreter::Allocate(Heap& heap, const std::string& context, ir::InsnId insn, std::string type) {
  auto [it, inserted] = sites_.try_emplace(context + "#" + std::to_string(insn), static_cast<ObjId>(sites_.size()));
  const ObjId id = it->second;
  auto h = heap.find(id);
  if (h == heap.end()) {
    AbsObj o;
    o.type = std::move(type);
    heap.emplace(id, std::move(o));
  } else {
    // The site allocates again: its abstract object now stands for several.
    AbsObj fresh;
    fresh.type = h->second.type;
    fresh.is_array = h->second.is_array;
    fresh.element = h->second.element;
    fresh.rest = h->second.is_array ? DefaultOf(h->second.element) : AbsVal{};
    fresh.length = AbsVal{};
    h->second = JoinObj(h->second, fresh);
    h->second.singleton = false;
  }
  return id;
}

void Interpreter::Escape(Heap& heap, const AbsVal& v) {
  if (v.kind != AbsVal::kRef) return;
  std::vector<ObjId> todo(v.objs.begin(), v.objs.end());
  while (!todo.empty()) {
    ObjId id = todo.back();
    todo.pop_back();
    auto it = heap.find(id);
    if (it == heap.end() || it->second.escaped) continue;
    AbsObj& o = it->second;
    o.escaped = true;
    auto add = [&](const AbsVal& x) {
      if (x.kind == AbsVal::kRef) todo.insert(todo.end(), x.objs.begin(), x.objs.end());
    };
    for (const auto& [k, x] : o.fields) add(x);
    for (const auto& [k, x] : o.elems) add(x);
    add(o.rest);
  }
}

AbsVal Interpreter::Load(const Heap& heap, const AbsVal& ref, const std::string& key, const AbsVal& fact) const {
  if (ref.kind != AbsVal::kRef) return fact;
  AbsVal r = ref.unknown ? fact : AbsVal{};
  for (ObjId id : ref.objs) {
    auto it = heap.find(id);
    r = Join(r, it == heap.end() || it->second.escaped ? fact : FieldOf(it->second, key));
  }
  return r.kind == AbsVal::kBottom ? AbsVal::Top() : r;
}

void Interpreter::Store(Heap& heap, const AbsVal& ref, const std::string& key, const AbsVal& v) {
  if (ref.MayBeUnknown()) Escape(heap, v);  // it may land in an object nobody tracks
  if (ref.kind != AbsVal::kRef) return;
  const bool strong = ref.objs.size() == 1 && !ref.unknown && !ref.may_null;
  for (ObjId id : ref.objs) {
    auto it = heap.find(id);
    if (it == heap.end()) continue;
    AbsObj& o = it->second;
    if (o.escaped) {
      Escape(heap, v);
      continue;
    }
    o.fields[key] = strong && o.singleton ? v : Join(FieldOf(o, key), v);
  }
}

AbsVal Interpreter::ArrayLoad(const Heap& heap, const AbsVal& arr, const AbsVal& index) const {
  if (arr.MayBeUnknown()) return AbsVal::Top();
  AbsVal r;
  for (ObjId id : arr.objs) {
    if (auto s = static_arrays_.find(id); s != static_arrays_.end()) {
      r = Join(r, s->second);  // nothing writes it, escaped or not
      continue;
    }
    auto it = heap.find(id);
    if (it == heap.end() || it->second.escaped || !it->second.is_array) return AbsVal::Top();
    const AbsObj& o = it->second;
    if (index.kind == AbsVal::kInt) {
      auto e = o.elems.find(index.i);
      r = Join(r, e != o.elems.end() ? e->second : o.rest);
    } else {
      r = Join(r, o.rest);
      for (const auto& [k, x] : o.elems) r = Join(r, x);
    }
  }
  return r.kind == AbsVal::kBottom ? AbsVal::Top() : r;
}

void Interpreter::ArrayStore(Heap& heap, const AbsVal& arr, const AbsVal& index, const AbsVal& v) {
  if (arr.MayBeUnknown()) Escape(heap, v);
  if (arr.kind != AbsVal::kRef) return;
  const bool strong = arr.objs.size() == 1 && !arr.unknown && !arr.may_null && index.kind == AbsVal::kInt;
  for (ObjId id : arr.objs) {
    auto it = heap.find(id);
    if (it == heap.end()) continue;
    AbsObj& o = it->second;
    if (o.escaped || !o.is_array) {
      Escape(heap, v);
      continue;
    }
    if (index.kind == AbsVal::kInt) {
      auto e = o.elems.find(index.i);
      AbsVal old = e != o.elems.end() ? e->second : o.rest;
      o.elems[index.i] = strong && o.singleton ? v : Join(old, v);
    } else {
      o.rest = Join(o.rest, v);
      for (auto& [k, x] : o.elems) x = Join(x, v);
    }
  }
}

bool Interpreter::TypesOf(const Heap& heap, const AbsVal& ref, std::vector<std::string>* types) const {
  if (ref.kind != AbsVal::kRef) return false;
  if (ref.str) {
    types->push_back(std::string(kStringClass));
    return true;
  }
  if (ref.unknown) {
    if (ref.exact.empty()) return false;
    types->push_back(ref.exact);
  }
  for (ObjId id : ref.objs) {
    auto it = heap.find(id);
    if (it == heap.end()) return false;
    if (std::find(types->begin(), types->end(), it->second.type) == types->end()) {
      types->push_back(it->second.type);
    }
  }
  return true;
}

void Interpreter::Unknown(const ir::Instruction& in, const std::vector<AbsVal>& args, Heap& heap, Activation& a,
                          const callgraph::CallTargets* targets) {
  for (const AbsVal& v : args) Escape(heap, v);
  if (in.result == ir::kNone) return;
  AbsVal r = AbsVal::Top();
  if (NonNullReturns* nn = opt_.non_null_returns) {
    std::vector<std::string> facts;
    bool non_null = false;
    if (targets != nullptr && !targets->targets.empty() && !targets->incomplete && !targets->truncated &&
        a.ir.values[in.result].type.kind == ir::TypeKind::kRef) {
      non_null = std::all_of(targets->targets.begin(), targets->targets.end(),
                             [&](const callgraph::MethodId& t) { return nn->Of(t, &facts); });
    } else {
      non_null = nn->OfCall(in, &facts);
    }
    if (non_null) {
      r = AbsVal::NonNull();
      UseFacts(facts);
    }
  }
  a.Set(in.result, r);
}

void Interpreter::UseFacts(const std::vector<std::string>& facts) {
  for (const std::string& f : facts) {
    if (std::find(out_->facts_used.begin(), out_->facts_used.end(), f) == out_->facts_used.end()) {
      out_->facts_used.push_back(f);
    }
  }
}

namespace {

// What a field (or element) that holds one of `values` is in the domain: a
// constant, a non-null reference, or Top.
AbsVal FromFieldValues(const std::vector<FieldValue>& values) {
  if (values.size() == 1) {
    const FieldValue& v = values.front();
    switch (v.kind) {
      case FieldValue::kInt: case FieldValue::kLong: return AbsVal::Int(v.i);
      case FieldValue::kNull: return AbsVal::Null();
      case FieldValue::kString: return AbsVal::Str(v.text);
      case FieldValue::kObject: return AbsVal::NonNull();
      case FieldValue::kStatic: return AbsVal::Top();  // another static's value: not tracked
    }
  }
  // References: null (when one of them) or an object the analysis does
  // not track.
  const bool references = !values.empty() && std::all_of(values.begin(), values.end(), [](const FieldValue& v) {
    return v.kind == FieldValue::kString || v.kind == FieldValue::kObject || v.kind == FieldValue::kNull;
  });
  if (!references) return AbsVal::Top();
  AbsVal r = AbsVal::NonNull();
  r.may_null = std::any_of(values.begin(), values.end(), [](const FieldValue& v) { return v.kind == FieldValue::kNull; });
  return r;
}

}  // namespace

AbsVal Interpreter::FactValue(const ir::MethodIR& reader, const ir::Instruction& in, const FieldFact** fact) {
  if (opt_.field_facts == nullptr) return AbsVal::Top();
  auto it = fact_values_.find(&in);
  if (it == fact_values_.end()) {
    const FieldFact* f = nullptr;
    const std::vector<FieldValue>* values = opt_.field_facts->ValuesAtRead(reader, in, &f);
    const AbsVal r = values == nullptr ? AbsVal::Top() : FromFieldValues(*values);
    it = fact_values_.emplace(&in, std::make_pair(r, r.kind == AbsVal::kTop ? nullptr : f)).first;
  }
  const auto& [r, f] = it->second;
  if (f == nullptr) return r;
  UseFacts({f->description});
  if (fact != nullptr) *fact = f;
  return r;
}

ObjId Interpreter::StaticArray(Heap& heap, const ir::Instruction& in, const FieldFact& fact) {
  const ObjId id =
      sites_.try_emplace(absl::StrCat("static:", FieldKeyOf(in)), static_cast<ObjId>(sites_.size())).first->second;
  if (!heap.contains(id)) {
    AbsObj o;
    o.type = std::string(in.descriptor);
    o.is_array = true;
    o.element = o.type.substr(1);
    o.rest = FromFieldValues(fact.elements);
    o.length = AbsVal::Top();
    static_arrays_[id] = o.rest;
    heap.emplace(id, std::move(o));
  }
  return id;
}

bool Interpreter::CloneArray(Activation& a, const ir::Instruction& in, const std::vector<AbsVal>& args, Heap& heap) {
  if (in.invoke != ir::InvokeKind::kVirtual || !in.owner.starts_with("[") || in.name != "clone" || args.empty() ||
      args[0].MayBeUnknown() || args[0].objs.empty() || in.result == ir::kNone) {
    return false;
  }
  AbsObj copy;
  for (ObjId id : args[0].objs) {
    auto it = heap.find(id);
    if (it == heap.end() || !it->second.is_array) return false;
    const AbsObj& src = it->second;
    const bool kept = !src.escaped || static_arrays_.contains(id);  // nothing else wrote it
    if (!kept) return false;
    if (copy.type.empty()) {
      copy = src;
    } else {
      copy = JoinObj(copy, src);
      if (copy.type != src.type) copy.type = std::string(in.owner);
    }
  }
  if (sites_.size() > opt_.max_objects) return false;
  const ir::InsnId call = static_cast<ir::InsnId>(&in - a.ir.insns.data());
  const ObjId o = Allocate(heap, a.context, call, copy.type);
  AbsObj& made = heap[o];
  copy.escaped = false;
  if (!made.is_array) {  // the site's first array
    copy.singleton = true;
    made = std::move(copy);
  } else {  // Allocate made it stand for several
    made = JoinObj(made, copy);
    made.singleton = false;
  }
  a.Set(in.result, AbsVal::Obj(o));
  return true;
}

bool Interpreter::Invoke(Activation& a, const ir::Instruction& in, Heap& heap, bool* may_throw,
                         bool* may_return, std::optional<Heap>* exc_heap) {
  std::vector<AbsVal> args;
  for (ir::ValueId o : in.operands) args.push_back(a.Get(o));
  *may_throw = true;
  *may_return = true;
  const bool has_receiver = in.invoke != ir::InvokeKind::kStatic && in.invoke != ir::InvokeKind::kDynamic;
  const ir::InsnId call = static_cast<ir::InsnId>(&in - a.ir.insns.data());
  // Looked up each time: running a callee adds contexts to by_context.
  auto dispatched_to = [&](std::string method) {
    out_->by_context[a.context].dispatched[call].insert(std::move(method));
  };
  const bool input_or_assume =
      opt_.inputs != nullptr &&
      opt_.inputs->Classify(in.owner, in.name, in.descriptor) != callgraph::InputMethods::Kind::kNone;
  if (input_or_assume) {
    // Any value of its type (not what the method's code could return):
    // the witness gives it.
    dispatched_to(std::string(ForwardContext::kUnknownTarget));
    for (const AbsVal& v : args) Escape(heap, v);
    if (in.result != ir::kNone) a.Set(in.result, AbsVal::Top());
    *exc_heap = heap;
    return true;
  }
  if (in.invoke == ir::InvokeKind::kDynamic || (has_receiver && args.empty())) {
    dispatched_to(std::string(ForwardContext::kUnknownTarget));
    Unknown(in, args, heap, a);
    *exc_heap = heap;
    return true;
  }
  if (has_receiver && args[0].DefinitelyNull()) {
    *may_return = false;  // NullPointerException
    *exc_heap = heap;
    return true;
  }
  const bool npe = has_receiver && args[0].MayBeNull();
  if (CloneArray(a, in, args, heap)) {
    const callgraph::MethodId object_clone("java/lang/Object", "clone", "()Ljava/lang/Object;");
    out_->by_context[a.context].calls_not_run.emplace(call, object_clone);
    dispatched_to(object_clone.ToString());
    *may_throw = npe;
    if (npe) *exc_heap = heap;
    return true;
  }
  callgraph::CallTargets targets;
  if (!has_receiver || in.invoke == ir::InvokeKind::kSpecial) {
    targets = callgraph::TargetsForTypes(h_, in, {});
  } else {
    std::vector<std::string> types;
    if (TypesOf(heap, args[0], &types)) targets = callgraph::TargetsForTypes(h_, in, types);
  }
  // What Java specifies of a string literal's methods.
  if (has_receiver && args[0].str && targets.targets.size() == 1 &&
      targets.targets[0].owner == kStringClass) {
    const callgraph::MethodId& t = targets.targets[0];
    std::optional<AbsVal> r;
    if (t.name == "hashCode" && t.descriptor == "()I") r = AbsVal::Int(JavaHash(*args[0].str));
    if (t.name == "length" && t.descriptor == "()I") {
      r = AbsVal::Int(static_cast<int64_t>(classfile::Utf16(*args[0].str).size()));
    }
    if (t.name == "equals" && t.descriptor == "(Ljava/lang/Object;)Z" && args.size() == 2) {
      if (args[1].str) r = AbsVal::Int(*args[1].str == *args[0].str ? 1 : 0);
      else if (args[1].DefinitelyNull()) r = AbsVal::Int(0);
    }
    if (r) {
      a.Set(in.result, *r);
      *may_throw = false;
      out_->by_context[a.context].calls_not_run.emplace(call, t);
      dispatched_to(absl::StrCat(t.owner, ".", t.name, t.descriptor));
      return true;
    }
  }
  std::shared_ptr<const ir::MethodIR> callee;
  if (targets.targets.size() == 1 && targets.problems.empty() && !targets.incomplete && !targets.truncated &&
      a.depth < opt_.max_depth) {  // the depth of a context never changes
    auto built = cache_.Get(targets.targets[0]);
    if (built.ok()) callee = *built;
  }
  std::string context;
  if (callee != nullptr) {
    // A context analysed once is analysed every time: its facts must hold
    // for every state it is entered with.
    context = ForwardFacts::Child(a.context, call, callee->QualifiedName());
    if (!out_->by_context.contains(context) && !memo_.contains(context) &&
        memo_.size() >= opt_.max_contexts) {
      callee = nullptr;
    }
  }
  if (callee != nullptr) {
    const std::string name = callee->QualifiedName();
    if (std::find(stack_.begin(), stack_.end(), name) != stack_.end()) callee = nullptr;  // recursion
    if (callee != nullptr && callee->params.size() != args.size()) callee = nullptr;
  }
  if (callee == nullptr) {
    // A larger state may make a call that ran before unknown (a receiver of
    // a second class): the contexts it ran in then cover only the smaller
    // states, so none of them may keep facts.
    unknown_sites_.insert(ForwardFacts::Child(a.context, call, ""));
    dispatched_to(std::string(ForwardContext::kUnknownTarget));
    Unknown(in, args, heap, a, &targets);
    *exc_heap = heap;
    return true;
  }
  const callgraph::MethodId& target = targets.targets[0];
  dispatched_to(absl::StrCat(target.owner, ".", target.name, target.descriptor));
  Outcome o;
  if (!Run(*callee, context, args, heap, a.depth + 1, &o)) return false;
  if (in.result != ir::kNone) {
    AbsVal r = o.ret.kind == AbsVal::kBottom ? AbsVal::Top() : o.ret;
    // The run joins what a null check told apart; the method's returns
    // may still all be non-null (non_null_returns.h).
    const bool may_null = r.kind == AbsVal::kTop || (r.kind == AbsVal::kRef && r.may_null && !r.DefinitelyNull());
    if (may_null && a.ir.values[in.result].type.kind == ir::TypeKind::kRef && opt_.non_null_returns != nullptr) {
      std::vector<std::string> facts;
      if (opt_.non_null_returns->Of(target, &facts)) {
        if (r.kind == AbsVal::kTop) r = AbsVal::NonNull();
        r.may_null = false;
        UseFacts(facts);
      }
    }
    a.Set(in.result, r);
  }
  *may_throw = npe || o.exceptional.has_value();
  *may_return = o.normal.has_value();
  if (npe) *exc_heap = heap;
  if (o.exceptional) {
    if (*exc_heap) JoinInto(&**exc_heap, *o.exceptional);
    else *exc_heap = *o.exceptional;
  }
  if (o.normal) heap = std::move(*o.normal);
  if (a.path && o.returns.size() > 1) {
    a.forks = std::move(o.returns);
    a.fork_result = in.result;
  }
  return true;
}

bool Interpreter::Block(Activation& a, ir::BlockId bid) {
  const ir::MethodIR& m = a.ir;
  Heap heap = *a.in[bid];
  EnterBlock(a, bid, heap);
  a.forks.clear();
  BlockRun run;
  for (ir::InsnId id : m.blocks[bid].insns) {
    if (++out_->steps > opt_.max_steps) return Fail(absl::StrCat("more than ", opt_.max_steps, " steps"));
    if (!Step(a, id, heap, &run)) return false;
    if (!run.may_complete) break;  // the rest of the block is not reached
  }
  if (bid == m.exceptional_exit) {
    if (a.outcome.exceptional) JoinInto(&*a.outcome.exceptional, heap);
    else a.outcome.exceptional = heap;
  }
  FollowSuccessors(a, bid, heap, run);
  return true;
}

// The block's phis: run path by path, the operands of the edge the state
// came along (all read before any is set); joined, the join over the live
// predecessors.
void Interpreter::EnterBlock(Activation& a, ir::BlockId bid, const Heap& heap) {
  const ir::MethodIR& m = a.ir;
  const ir::Block& b = m.blocks[bid];
  if (a.path) {
    // The operands of the edge this state came along, all read before any is set.
    std::vector<std::pair<ir::ValueId, AbsVal>> set;
    for (ir::InsnId p : b.phis) {
      const ir::Instruction& phi = m.insns[p];
      AbsVal v = AbsVal::Top();
      for (size_t k = 0; k < b.preds.size() && k < phi.operands.size(); ++k) {
        if (b.preds[k] == a.via && phi.operands[k] != ir::kNone) v = a.Get(phi.operands[k]);
      }
      set.emplace_back(phi.result, std::move(v));
    }
    for (auto& [v, x] : set) a.Set(v, x);
    if (a.states) (*a.states)[bid].push_back(State{a.values, heap});
  } else {
    for (ir::InsnId p : b.phis) {
      const ir::Instruction& phi = m.insns[p];
      AbsVal v;
      for (size_t k = 0; k < b.preds.size() && k < phi.operands.size(); ++k) {
        if (a.live[b.preds[k]] && phi.operands[k] != ir::kNone) v = Join(v, a.Get(phi.operands[k]));
      }
      if (v.kind != AbsVal::kBottom) a.Set(phi.result, v);
    }
  }
}

void Interpreter::NonNullOrThrow(const Heap& heap, BlockRun* run, const AbsVal& ref) {
  if (ref.MayBeNull()) run->MayThrow(heap);
  if (ref.DefinitelyNull()) run->may_complete = false;
}

// One instruction, by instruction group (as wp/transformer.cc is split);
// false when the analysis gives up.
bool Interpreter::Step(Activation& a, ir::InsnId id, Heap& heap, BlockRun* run) {
  switch (a.ir.insns[id].op) {
    case ir::Op::kParam:
    case ir::Op::kConst:
    case ir::Op::kPhi:
    case ir::Op::kCatch:
    case ir::Op::kBinary:
    case ir::Op::kNeg:
    case ir::Op::kConvert:
    case ir::Op::kCompare:
    case ir::Op::kStringConcat:
      StepValue(a, id, heap, run);
      return true;
    case ir::Op::kGetField:
    case ir::Op::kPutField:
    case ir::Op::kGetStatic:
    case ir::Op::kPutStatic:
    case ir::Op::kArrayLoad:
    case ir::Op::kArrayStore:
    case ir::Op::kArrayLength:
      StepHeapAccess(a, id, heap, run);
      return true;
    case ir::Op::kNew:
    case ir::Op::kNewArray:
    case ir::Op::kNewMultiArray:
    case ir::Op::kCheckCast:
    case ir::Op::kInstanceOf:
    case ir::Op::kLambda:
      return StepObject(a, id, heap, run);
    case ir::Op::kMonitorEnter:
    case ir::Op::kMonitorExit:
    case ir::Op::kInvoke:
    case ir::Op::kIf:
    case ir::Op::kSwitch:
    case ir::Op::kReturn:
    case ir::Op::kThrow:
      return StepControl(a, id, heap, run);
  }
  return true;
}

// Constants, arithmetic, conversions, comparisons, concatenation, catch.
void Interpreter::StepValue(Activation& a, ir::InsnId id, Heap& heap, BlockRun* run) {
  const ir::Instruction& in = a.ir.insns[id];
  const ir::MethodIR& m = a.ir;
  const bool wide = in.result != ir::kNone && m.values[in.result].type.kind == ir::TypeKind::kLong;
  auto op = [&](size_t k) -> const AbsVal& { return a.Get(k < in.operands.size() ? in.operands[k] : ir::kNone); };
  switch (in.op) {
    case ir::Op::kParam:
      break;  // set by Run
    case ir::Op::kConst:
      switch (in.const_kind) {
        case ir::ConstKind::kInt: a.Set(in.result, AbsVal::Int(static_cast<int32_t>(in.bits & 0xFFFFFFFFu))); break;
        case ir::ConstKind::kLong: a.Set(in.result, AbsVal::Int(static_cast<int64_t>(in.bits))); break;
        case ir::ConstKind::kNull: a.Set(in.result, AbsVal::Null()); break;
        case ir::ConstKind::kString: a.Set(in.result, AbsVal::Str(std::string(in.text))); break;
        case ir::ConstKind::kClass: a.Set(in.result, AbsVal::NonNull()); break;
        default: a.Set(in.result, AbsVal::Top()); break;
      }
      break;
    case ir::Op::kPhi:
      break;
    case ir::Op::kCatch:
      a.Set(in.result, AbsVal::NonNull());
      break;
    case ir::Op::kBinary: {
      const AbsVal& x = op(0);
      const AbsVal& y = op(1);
      const bool divides = in.binary == ir::BinaryOp::kDiv || in.binary == ir::BinaryOp::kRem;
      const bool integral = m.values[in.result].type.kind == ir::TypeKind::kInt || wide;
      if (divides && integral) {
        if (y.kind != AbsVal::kInt || y.i == 0) {
          run->MayThrow(heap);
        }
        if (y.kind == AbsVal::kInt && y.i == 0) run->may_complete = false;
      }
      std::optional<int64_t> r;
      if (integral && x.kind == AbsVal::kInt && y.kind == AbsVal::kInt) r = Arith(in.binary, x.i, y.i, wide);
      a.Set(in.result, r ? AbsVal::Int(*r) : AbsVal::Top());
      break;
    }
    case ir::Op::kNeg: {
      const AbsVal& x = op(0);
      const ir::TypeKind k = m.values[in.result].type.kind;
      if (x.kind == AbsVal::kInt && (k == ir::TypeKind::kInt || k == ir::TypeKind::kLong)) {
        a.Set(in.result, AbsVal::Int(wide ? java::lneg(x.i) : java::ineg(static_cast<int32_t>(x.i))));
      } else {
        a.Set(in.result, AbsVal::Top());
      }
      break;
    }
    case ir::Op::kConvert: {
      const AbsVal& x = op(0);
      std::optional<int64_t> r;
      if (x.kind == AbsVal::kInt) {
        switch (in.convert) {
          case ir::ConvertOp::kI2L: r = x.i; break;
          case ir::ConvertOp::kL2I: r = java::l2i(x.i); break;
          case ir::ConvertOp::kI2B: r = java::i2b(static_cast<int32_t>(x.i)); break;
          case ir::ConvertOp::kI2C: r = java::i2c(static_cast<int32_t>(x.i)); break;
          case ir::ConvertOp::kI2S: r = java::i2s(static_cast<int32_t>(x.i)); break;
          default: break;
        }
      }
      a.Set(in.result, r ? AbsVal::Int(*r) : AbsVal::Top());
      break;
    }
    case ir::Op::kCompare: {
      const AbsVal& x = op(0);
      const AbsVal& y = op(1);
      if (in.compare == ir::CompareOp::kLcmp && x.kind == AbsVal::kInt && y.kind == AbsVal::kInt) {
        a.Set(in.result, AbsVal::Int(java::lcmp(x.i, y.i)));
      } else {
        a.Set(in.result, AbsVal::Top());
      }
      break;
    }
    case ir::Op::kStringConcat:
      for (size_t k = 0; k < in.operands.size(); ++k) Escape(heap, op(k));  // toString may keep them
      run->may_throw = true;  // toString of an operand may throw
      run->exc_heap = heap;
      a.Set(in.result, AbsVal::NonNull());
      break;
    default: break;
  }
}

// Fields, statics and array elements.
void Interpreter::StepHeapAccess(Activation& a, ir::InsnId id, Heap& heap, BlockRun* run) {
  const ir::Instruction& in = a.ir.insns[id];
  auto op = [&](size_t k) -> const AbsVal& { return a.Get(k < in.operands.size() ? in.operands[k] : ir::kNone); };
  switch (in.op) {
    case ir::Op::kGetField:
      NonNullOrThrow(heap, run, op(0));
      a.Set(in.result, Load(heap, op(0), FieldKeyOf(in), FactValue(a.ir, in)));
      break;
    case ir::Op::kPutField:
      NonNullOrThrow(heap, run, op(0));
      Store(heap, op(0), FieldKeyOf(in), op(1));
      break;
    case ir::Op::kGetStatic: {
      const FieldFact* fact = nullptr;
      AbsVal v = FactValue(a.ir, in, &fact);
      if (fact != nullptr && fact->elements_known && v.kind == AbsVal::kRef) {
        const bool may_null = v.may_null;
        v = AbsVal::Obj(StaticArray(heap, in, *fact));
        v.may_null = may_null;
      }
      a.Set(in.result, v);
      break;
    }
    case ir::Op::kPutStatic:
      Escape(heap, op(0));
      break;
    case ir::Op::kArrayLoad:
    case ir::Op::kArrayStore: {
      const AbsVal& arr = op(0);
      const AbsVal& index = op(1);
      bool in_bounds = false;
      if (arr.NonNullRef() && !arr.unknown && index.kind == AbsVal::kInt) {
        in_bounds = true;
        for (ObjId o : arr.objs) {
          auto it = heap.find(o);
          if (it == heap.end() || !it->second.is_array || it->second.length.kind != AbsVal::kInt ||
              index.i < 0 || index.i >= it->second.length.i) {
            in_bounds = false;
          }
        }
      }
      // A store of a reference may also fail its type check.
      const bool stores_ref = in.op == ir::Op::kArrayStore && !in.type.empty() &&
                              (in.type[0] == 'L' || in.type[0] == '[') && !op(2).DefinitelyNull();
      if (!in_bounds || stores_ref) {
        run->MayThrow(heap);
      }
      if (arr.DefinitelyNull()) run->may_complete = false;
      if (in.op == ir::Op::kArrayLoad) {
        a.Set(in.result, ArrayLoad(heap, arr, index));
      } else {
        ArrayStore(heap, arr, index, op(2));
      }
      break;
    }
    case ir::Op::kArrayLength: {
      const AbsVal& arr = op(0);
      NonNullOrThrow(heap, run, arr);
      AbsVal len;
      if (arr.kind == AbsVal::kRef && !arr.unknown) {
        for (ObjId o : arr.objs) {
          auto it = heap.find(o);
          len = Join(len, it != heap.end() && it->second.is_array && !it->second.escaped ? it->second.length
                                                                                          : AbsVal::Top());
        }
      }
      a.Set(in.result, len.kind == AbsVal::kBottom ? AbsVal::Top() : len);
      break;
    }
    default: break;
  }
}

// Allocations, casts, instanceof, lambda objects; false when there are too
// many objects.
bool Interpreter::StepObject(Activation& a, ir::InsnId id, Heap& heap, BlockRun* run) {
  const ir::Instruction& in = a.ir.insns[id];
  auto op = [&](size_t k) -> const AbsVal& { return a.Get(k < in.operands.size() ? in.operands[k] : ir::kNone); };
  switch (in.op) {
    case ir::Op::kNew: {
      if (sites_.size() > opt_.max_objects) return Fail("too many objects");
      a.Set(in.result, AbsVal::Obj(Allocate(heap, a.context, id, std::string(in.type))));
      break;
    }
    case ir::Op::kNewArray: {
      const AbsVal& len = op(0);
      if (len.kind != AbsVal::kInt || len.i < 0) {
        run->MayThrow(heap);
      }
      if (len.kind == AbsVal::kInt && len.i < 0) run->may_complete = false;
      const ObjId o = Allocate(heap, a.context, id, std::string(in.type));
      AbsObj& obj = heap[o];
      const std::string element(std::string_view(in.type).substr(1));
      if (!obj.is_array) {
        obj.is_array = true;
        obj.element = element;
        obj.rest = DefaultOf(element);
        obj.length = len;
      } else {
        obj.length = Join(obj.length, len);
      }
      a.Set(in.result, AbsVal::Obj(o));
      break;
    }
    case ir::Op::kNewMultiArray:
      run->MayThrow(heap);
      a.Set(in.result, AbsVal::NonNull());
      break;
    case ir::Op::kCheckCast:
    case ir::Op::kInstanceOf: {
      const AbsVal& x = op(0);
      std::vector<std::string> types;
      bool all = false, none = false;  // every object the value may be passes / fails
      if (TypesOf(heap, x, &types) && !types.empty()) {
        all = none = true;
        for (const std::string& t : types) {
          const int s = IsSubtype(h_, t, in.type);
          all = all && s == 1;
          none = none && s == 0;
        }
      }
      if (in.op == ir::Op::kCheckCast) {
        const bool fails_maybe = !(all || x.DefinitelyNull());
        if (fails_maybe) {
          run->MayThrow(heap);
        }
        if (none && !x.MayBeNull()) run->may_complete = false;
        a.Set(in.result, x);
      } else if (x.DefinitelyNull()) {
        a.Set(in.result, AbsVal::Int(0));
      } else if (all && !x.MayBeNull()) {
        a.Set(in.result, AbsVal::Int(1));
      } else if (none) {
        a.Set(in.result, AbsVal::Int(0));
      } else {
        a.Set(in.result, AbsVal::Top());
      }
      break;
    }
    case ir::Op::kLambda:
      for (size_t k = 0; k < in.operands.size(); ++k) Escape(heap, op(k));
      a.Set(in.result, AbsVal::NonNull());
      break;
    default: break;
  }
  return true;
}

// Monitors, calls, branches, switches, returns and throws; false when a
// call gives up.
bool Interpreter::StepControl(Activation& a, ir::InsnId id, Heap& heap, BlockRun* run) {
  const ir::Instruction& in = a.ir.insns[id];
  auto op = [&](size_t k) -> const AbsVal& { return a.Get(k < in.operands.size() ? in.operands[k] : ir::kNone); };
  switch (in.op) {
    case ir::Op::kMonitorEnter:
      run->MayThrow(heap);
      break;
    case ir::Op::kMonitorExit:
      // A structured exit (ir/monitors.h) releases a monitor entered here.
      if (!a.ir.IsStructuredMonitorExit(id)) run->MayThrow(heap);
      break;
    case ir::Op::kInvoke: {
      bool t = false, r = true;
      std::optional<Heap> eh;
      if (!Invoke(a, in, heap, &t, &r, &eh)) return false;
      if (t) {
        run->may_throw = true;
        if (eh) {
          if (run->exc_heap) JoinInto(&*run->exc_heap, *eh);
          else run->exc_heap = std::move(eh);
        } else if (!run->exc_heap) {
          run->exc_heap = heap;
        }
      }
      if (!r) run->may_complete = false;
      break;
    }
    case ir::Op::kIf: {
      const int c = CompareIn(heap, op(0), op(1), in.cond);
      if (c >= 0) run->branch = c;
      break;
    }
    case ir::Op::kSwitch:
      if (op(0).kind == AbsVal::kInt) run->selector = op(0).i;
      break;
    case ir::Op::kReturn:
      if (a.path) {
        std::pair<AbsVal, Heap> r(in.operands.empty() ? AbsVal{} : op(0), heap);
        std::vector<std::pair<AbsVal, Heap>>& returns = a.outcome.returns;
        if (std::find(returns.begin(), returns.end(), r) == returns.end()) returns.push_back(std::move(r));
      }
      if (!in.operands.empty()) a.outcome.ret = Join(a.outcome.ret, op(0));
      if (a.outcome.normal) JoinInto(&*a.outcome.normal, heap);
      else a.outcome.normal = heap;
      break;
    case ir::Op::kThrow:
      Escape(heap, op(0));
      run->may_throw = true;
      run->may_complete = false;
      run->exc_heap = heap;
      break;
    default: break;
  }
  return true;
}

// The successors the state takes after a block: the exceptional edges when
// it may throw, the branch or case it selects, the normal edge when it may
// complete; run path by path, a state per edge (and per callee return when
// a call forked); joined, the live edges and the targets whose entry grew.
void Interpreter::FollowSuccessors(Activation& a, ir::BlockId bid, Heap& heap, const BlockRun& run) {
  const ir::MethodIR& m = a.ir;
  const ir::Block& b = m.blocks[bid];
  for (ir::EdgeId eid : b.succs) {
    const ir::Edge& e = m.edges[eid];
    bool take = true;
    const Heap* along = &heap;
    switch (e.kind) {
      case ir::EdgeKind::kException:
        take = run.may_throw;
        if (run.exc_heap) along = &*run.exc_heap;
        break;
      case ir::EdgeKind::kTrue:
        take = run.may_complete && (!run.branch || *run.branch == 1);
        break;
      case ir::EdgeKind::kFalse:
        take = run.may_complete && (!run.branch || *run.branch == 0);
        break;
      case ir::EdgeKind::kCase:
        take = run.may_complete && (!run.selector || *run.selector == e.case_value);
        break;
      case ir::EdgeKind::kDefault:
        take = run.may_complete;
        if (run.selector) {
          for (ir::EdgeId other : b.succs) {
            const ir::Edge& c = m.edges[other];
            if (c.kind == ir::EdgeKind::kCase && c.case_value == *run.selector) take = false;
          }
        }
        break;
      case ir::EdgeKind::kNormal:
        take = run.may_complete;
        break;
    }
    if (!take) continue;
    if (a.path) {
      a.live[eid] = true;
      if (e.kind != ir::EdgeKind::kException && !a.forks.empty()) {
        for (const auto& [ret, fork_heap] : a.forks) {
          std::vector<AbsVal> values = a.values;
          if (a.fork_result != ir::kNone) values[a.fork_result] = ret.kind == AbsVal::kBottom ? AbsVal::Top() : ret;
          a.next.push_back(PathState{e.to, eid, fork_heap, std::move(values)});
        }
      } else {
        a.next.push_back(PathState{e.to, eid, *along, a.values});
      }
      continue;
    }
    const bool newly = !a.live[eid];
    a.live[eid] = true;
    bool grew = newly;
    if (!a.in[e.to]) {
      a.in[e.to] = *along;
      grew = true;
    } else if (JoinInto(&*a.in[e.to], *along)) {
      grew = true;
    }
    if (grew) a.Enqueue(e.to);
  }
}

bool Interpreter::RunPaths(Activation& a, const Heap& heap, bool* done) {
  *done = false;
  const ir::MethodIR& m = a.ir;
  a.path = true;
  std::vector<std::vector<PathState>> seen(m.blocks.size());  // per block, the states met
  std::deque<PathState> work;
  work.push_back(PathState{m.entry, ir::kNone, heap, a.values});
  size_t states = 0;
  while (!work.empty()) {
    PathState s = std::move(work.front());
    work.pop_front();
    std::vector<PathState>& at = seen[s.block];
    if (std::find(at.begin(), at.end(), s) != at.end()) continue;
    if (++states > kMaxPathStates || out_->steps >= PathStepLimit()) return true;
    at.push_back(s);
    a.values = std::move(s.values);
    a.in[s.block] = std::move(s.heap);
    a.via = s.via;
    a.next.clear();
    if (!Block(a, s.block)) return false;
    for (PathState& n : a.next) work.push_back(std::move(n));
  }
  if (a.outcome.returns.size() > kMaxPathReturns) a.outcome.returns.clear();
  *done = true;
  return true;
}

bool Interpreter::Run(const ir::MethodIR& m, const std::string& context, std::vector<AbsVal> args,
                      const Heap& heap, uint32_t depth, Outcome* result) {
  // The fixpoint of a caller runs its calls again; with the same state they
  // end the same way (and their facts are recorded already).
  if (auto memo = memo_.find(context); memo != memo_.end()) {
    for (const Memo& past : memo->second) {
      if (past.args == args && past.heap == heap) {
        *result = past.outcome;
        return true;
      }
    }
  }
  Memo entry{args, heap, {}};
  const bool root = context.empty() && depth == 0;
  auto start = [&]() {
    auto a = std::make_unique<Activation>(m, context, depth);
    a->values.assign(m.values.size(), AbsVal{});
    a->in.assign(m.blocks.size(), std::nullopt);
    a->live.assign(m.edges.size(), false);
    a->queued.assign(m.blocks.size(), false);
    for (size_t k = 0; k < m.params.size(); ++k) {
      if (m.params[k] == ir::kNone) continue;
      a->values[m.params[k]] = WithDeclaredType(
          m, k, k < args.size() && args[k].kind != AbsVal::kBottom ? args[k] : AbsVal::Top());
    }
    if (root) a->states.emplace(m.blocks.size());
    return a;
  };
  stack_.push_back(m.QualifiedName());
  std::unique_ptr<Activation> a;
  if (out_->steps < PathStepLimit() && HasLoop(m) && !paths_failed_.contains(m.QualifiedName())) {
    a = start();
    bool done = false;
    if (!RunPaths(*a, heap, &done)) {
      stack_.pop_back();
      return false;
    }
    if (!done) {
      a.reset();
      paths_failed_.insert(m.QualifiedName());  // its loops do not end in a few states: join from now on
    }
  }
  if (a == nullptr) {
    a = start();
    a->users.assign(m.values.size(), {});
    for (const ir::Instruction& in : m.insns) {
      for (ir::ValueId o : in.operands) {
        if (o >= 0 && static_cast<size_t>(o) < a->users.size() && in.block != ir::kNone) a->users[o].push_back(in.block);
      }
    }
    a->in[m.entry] = heap;
    a->Enqueue(m.entry);
    while (!a->work.empty()) {
      const ir::BlockId b = a->work.front();
      a->work.pop_front();
      a->queued[b] = false;
      if (!Block(*a, b)) {
        stack_.pop_back();
        return false;
      }
    }
    if (root) {
      for (size_t b = 0; b < m.blocks.size(); ++b) {
        if (a->in[b]) (*a->states)[b] = {State{a->values, *a->in[b]}};
      }
    }
  }
  stack_.pop_back();
  ForwardContext& f = out_->by_context[context];
  if (f.method.empty()) {
    f.method = m.QualifiedName();
    f.ir = &m;
    f.live.assign(m.edges.size(), false);
    f.reached.assign(m.blocks.size(), false);
  } else if (f.method != m.QualifiedName() || f.live.size() != m.edges.size()) {
    return Fail(absl::StrCat("two methods in context ", context));
  }
  for (size_t e = 0; e < m.edges.size(); ++e) f.live[e] = f.live[e] || a->live[e];
  for (size_t b = 0; b < m.blocks.size(); ++b) f.reached[b] = f.reached[b] || a->in[b].has_value();
  if (root) {  // the goal's method: run once
    auto states = std::make_shared<ForwardStates>();
    states->at = std::move(*a->states);
    out_->root_states = std::move(states);
  }
  entry.outcome = a->outcome;
  std::deque<Memo>& memo = memo_[context];
  memo.push_back(std::move(entry));
  if (memo.size() > kMemoStates) memo.pop_front();
  *result = std::move(a->outcome);
  return true;
}

}  // namespace jwp::absint::internal
