// Mod-sets by SCC over the CHA call graph; see mod_set.h.
#include "callgraph/mod_set.h"

#include <algorithm>
#include <utility>

#include "callgraph/exact_types.h"
#include "classfile/descriptor.h"
#include "classfile/member_resolution.h"
#include "classfile/strings.h"

namespace jwp::callgraph {

// --- ModSet ---------------------------------------------------------------------

char ModSet::ArrayKind(std::string_view element_descriptor) {
  if (element_descriptor.empty()) return 'L';
  switch (element_descriptor[0]) {
    case 'Z':
      return 'B';
    case '[':
    case 'L':
      return 'L';
    default:
      return element_descriptor[0];
  }
}

std::string ModSet::FieldKey(std::string_view owner, std::string_view name,
                             std::string_view descriptor) {
  return Cat(owner, ".", name, ":", descriptor);
}

bool ModSet::WritesField(std::string_view owner, std::string_view name,
                         std::string_view descriptor) const {
  return top || fields_.contains(FieldKey(owner, name, descriptor));
}

bool ModSet::WritesStatic(std::string_view owner, std::string_view name,
                          std::string_view descriptor) const {
  return top || statics_.contains(FieldKey(owner, name, descriptor));
}

bool ModSet::WritesArray(char kind) const {
  return top || arrays_.contains(ArrayKind(std::string_view(&kind, 1)));
}

void ModSet::Merge(const ModSet& other) {
  if (other.top) SetTop(other.top_reason);
  if (other.partial && !partial) {
    partial = true;
    partial_reason = other.partial_reason;
  }
  fields_.insert(other.fields_.begin(), other.fields_.end());
  statics_.insert(other.statics_.begin(), other.statics_.end());
  arrays_.insert(other.arrays_.begin(), other.arrays_.end());
  natives_.insert(other.natives_.begin(), other.natives_.end());
}

void ModSet::SetTop(std::string_view reason) {
  if (!top) top_reason = std::string(reason);
  top = true;
}

// --- ModSets --------------------------------------------------------------------

struct ModSets::Node {
  Key key;
  ModSet direct;               // the method's own writes; top if it has no code etc.
  std::vector<int> callees;    // explored-graph nodes
  std::vector<const ModSet*> solved_callees;  // callees cached before this query
  bool explored = false;
  // Tarjan.
  int order = -1;
  int low = 0;
  bool on_stack = false;
  int component = -1;
};

ModSets::ModSets(const classfile::ClassHierarchy& hierarchy, MethodCache& cache,
                 ModSetOptions options)
    : h_(hierarchy),
      cache_(cache),
      options_(std::move(options)),
      own_cha_(options_.cha == nullptr ? std::make_unique<ChaTargetsMemo>(h_, options_.targets) : nullptr),
      cha_(options_.cha != nullptr ? options_.cha : own_cha_.get()) {}

ModSets::~ModSets() = default;

namespace {

std::string FieldOf(const classfile::ClassHierarchy& h, const ir::Instruction& in) {
  classfile::FieldResult r = classfile::ResolveField(h, in.owner, in.name, in.descriptor);
  // A failed resolution throws at run time and writes nothing; the
  // referenced name is kept as a harmless over-approximation.
  std::string_view owner = r.ok() ? h.Name(r.owner) : in.owner;
  return ModSet::FieldKey(owner, in.name, in.descriptor);
}

}  // namespace

void ModSets::Scan(const MethodId& id, const ir::MethodIR& m, const std::vector<std::string>& context,
                   const std::vector<bool>* reached, const std::function<bool(ir::InsnId)>* handled,
                   ModSet& direct, std::set<Key>& callees) {
  const std::vector<std::string> exact = ExactTypes(h_, m, context);
  // `receiver`: the receiver's exact type ("" unknown), for a virtual or
  // interface call; the callees get the exact types of the operands.
  // `in_code`: `call` is an instruction of m (not a call a string
  // concatenation implies).
  auto add_targets = [&](const ir::Instruction& call, const std::string& receiver, bool in_code) {
    CallTargets t;
    bool by_type = false;
    if (!receiver.empty() &&
        (call.invoke == ir::InvokeKind::kVirtual || call.invoke == ir::InvokeKind::kInterface)) {
      t = TargetsForTypes(h_, call, std::span<const std::string>(&receiver, 1));
      by_type = t.problems.empty() && t.targets.size() == 1;
    }
    if (!by_type) t = cha_->Of(call);
    std::string where = Cat(id.ToString(), " at bci ", call.bci, ": ");
    std::optional<std::vector<MethodId>> enabled;
    const bool dispatched = call.invoke == ir::InvokeKind::kVirtual || call.invoke == ir::InvokeKind::kInterface;
    if (!by_type && dispatched && (t.truncated || t.targets.size() > 1) && !t.incomplete && in_code &&
        options_.enabled_targets) {
      enabled = options_.enabled_targets(m, call);
    }
    if (t.opaque) {
      direct.SetTop(Cat(where, "invokedynamic ", call.name, call.descriptor, " has unknown targets"));
    } else if (enabled) {
      // Directed construction's targets only; the others are its skipped calls.
      t.targets = std::move(*enabled);
      if (!direct.partial) {
        direct.partial = true;
        direct.partial_reason = Cat(where, "the enabled targets of ", call.owner, ".", call.name, call.descriptor);
      }
    } else if (t.truncated) {
      direct.SetTop(Cat(where, "more than ", cha_->options().max_targets, " targets of ",
                        call.owner, ".", call.name, call.descriptor));
    } else if (t.incomplete) {
      direct.SetTop(Cat(where, "a missing class may hold targets of ", call.owner, ".", call.name,
                        call.descriptor));
    }
    std::vector<std::string> context = CallContext(call, exact);
    for (MethodId& target : t.targets) callees.insert(Key{std::move(target), context});
    if (!by_type && options_.lambdas != nullptr && call.invoke == ir::InvokeKind::kInterface) {
      for (size_t l : options_.lambdas->Implementing(h_, call.owner, call.name, call.descriptor)) {
        callees.insert(Key{options_.lambdas->at(l).Method(), {}});
      }
    }
  };
  auto receiver_of = [&](const ir::Instruction& call) -> const std::string& {
    static const std::string kUnknown;
    if (call.operands.empty() || call.operands[0] < 0) return kUnknown;
    return exact[call.operands[0]];
  };
  for (size_t bi = 0; bi < m.blocks.size(); ++bi) {
    if (reached != nullptr && (bi >= reached->size() || !(*reached)[bi])) continue;
    for (ir::InsnId insn : m.blocks[bi].insns) {
      const ir::Instruction& in = m.insns[insn];
      switch (in.op) {
        case ir::Op::kPutField:
          direct.fields_.insert(FieldOf(h_, in));
          break;
        case ir::Op::kPutStatic:
          direct.statics_.insert(FieldOf(h_, in));
          break;
        case ir::Op::kArrayStore:
          direct.arrays_.insert(ModSet::ArrayKind(in.type));
          break;
        case ir::Op::kLambda: {
          // The new lambda object's fields get the captured values
          // (lambda_classes.h).
          const std::string cls = LambdaClassName(m, in);
          const std::vector<std::string> captured = LambdaCapturedDescriptors(m, in);
          for (size_t k = 0; k < captured.size(); ++k) {
            direct.fields_.insert(ModSet::FieldKey(cls, LambdaClass::CapturedField(k), captured[k]));
          }
          break;
        }
        case ir::Op::kInvoke:
          if (options_.inputs != nullptr) {
            // An input method's call reads the next input (its code does
            // not run, whatever a caller's `handled` follows into); an
            // assumption's writes nothing (input_methods.h).
            const InputMethods::Kind kind = options_.inputs->Classify(in.owner, in.name, in.descriptor);
            if (kind == InputMethods::Kind::kInput || kind == InputMethods::Kind::kFileQuery) {
              direct.statics_.insert(ModSet::FieldKey(kInputsOwner, kInputsReadName, kInputsReadDescriptor));
            }
            if (kind != InputMethods::Kind::kNone) break;
          }
          if (handled != nullptr && (*handled)(insn)) break;
          if (std::optional<VarHandleBinding> b = var_handles_.OfCall(m, in)) {
            // A bound VarHandle (var_handles.h): the access writes its
            // variable, or nothing (the get family), and calls no code.
            if (!VarHandleModeWrites(in.name)) break;
            if (b->kind == VarHandleBinding::kArrayElement) {
              direct.arrays_.insert(ModSet::ArrayKind(std::string_view(b->descriptor).substr(1)));
            } else if (b->kind == VarHandleBinding::kStaticField) {
              direct.statics_.insert(ModSet::FieldKey(b->owner, b->name, b->descriptor));
            } else {
              direct.fields_.insert(ModSet::FieldKey(b->owner, b->name, b->descriptor));
            }
            break;
          }
          if (std::optional<VarHandleBinding> b = var_handles_.OfUnsafeCall(m, in)) {
            // An access through a bound field offset: that field only.
            if (UnsafeAccessOf(in.name)->mode != AccessMode::kGet) {
              direct.fields_.insert(ModSet::FieldKey(b->owner, b->name, b->descriptor));
            }
            break;
          }
          add_targets(in, receiver_of(in), /*in_code=*/true);
          break;
        case ir::Op::kStringConcat:
          // String conversion (JLS 5.1.11) calls toString() on references.
          for (ir::ValueId v : in.operands) {
            const ir::ValueType& t = m.values[v].type;
            if (t.kind != ir::TypeKind::kRef || t.descriptor == "Ljava/lang/String;") continue;
            const std::string_view type = classfile::InternalNameOf(t.descriptor);
            ir::Instruction call;
            call.op = ir::Op::kInvoke;
            call.bci = in.bci;
            call.owner = type;
            classfile::ClassId c = h_.Find(type);
            call.interface_owner = c != classfile::kNoClass && h_.IsInterface(c);
            call.invoke = call.interface_owner ? ir::InvokeKind::kInterface : ir::InvokeKind::kVirtual;
            call.name = "toString";
            call.descriptor = "()Ljava/lang/String;";
            call.operands = {v};
            add_targets(call, exact[v], /*in_code=*/false);
          }
          break;
        default:
          break;
      }
    }
  }
}

void ModSets::Explore(int i, std::vector<Node>& nodes, std::map<Key, int>& index,
                      std::vector<int>& queue) {
  ++stats_.explored;
  const MethodId id = nodes[i].key.id;
  nodes[i].explored = true;
  ModSet direct;
  auto ir = cache_.Get(id);
  if (!ir.ok()) {
    if (!options_.natives_are_top && cache_.IsNative(id)) {
      direct.natives_.insert(id);
    } else {
      direct.SetTop(Cat(ir.status().message()));
    }
    nodes[i].direct = std::move(direct);
    return;
  }
  std::set<Key> callees;
  Scan(id, **ir, nodes[i].key.context, nullptr, nullptr, direct, callees);
  std::vector<int> explored_callees;
  std::vector<const ModSet*> solved_callees;
  for (const Key& callee : callees) {
    auto done = done_.find(callee);
    if (done != done_.end()) {
      solved_callees.push_back(done->second.get());
      continue;
    }
    auto [it, inserted] = index.emplace(callee, static_cast<int>(nodes.size()));
    if (inserted) {
      nodes.push_back(Node{});
      nodes.back().key = callee;
      queue.push_back(it->second);
    }
    explored_callees.push_back(it->second);
  }
  Node& node = nodes[i];  // after the push_backs
  node.direct = std::move(direct);
  node.callees = std::move(explored_callees);
  node.solved_callees = std::move(solved_callees);
}

ModSet ModSets::OfRun(const ir::MethodIR& m, const std::vector<bool>& reached,
                      const std::function<bool(ir::InsnId, ModSet*)>& followed) {
  ModSet set;
  std::set<Key> callees;
  const std::function<bool(ir::InsnId)> handled = [&](ir::InsnId call) { return followed(call, &set); };
  Scan(MethodId::Of(m), m, {}, &reached, &handled, set, callees);
  for (const Key& callee : callees) {
    if (set.top) break;
    set.Merge(Of(callee.id, callee.context));
  }
  return set;
}

const ModSet& ModSets::Of(const MethodId& method, std::vector<std::string> context) {
  if (std::none_of(context.begin(), context.end(), [](const std::string& c) { return !c.empty(); })) {
    context.clear();  // the context-free query
  }
  const Key query{method, std::move(context)};
  if (auto it = done_.find(query); it != done_.end()) return *it->second;
  if (options_.tops != nullptr) {
    auto top = options_.tops->tops_.find(std::pair(query.id, query.context));
    if (top != options_.tops->tops_.end()) {
      auto set = std::make_unique<ModSet>();
      set->SetTop(top->second);
      return *done_.emplace(query, std::move(set)).first->second;
    }
  }
  ++stats_.queries;

  // 1. Explore breadth-first from the query, up to the budget or the first
  // cause of top.
  std::vector<Node> nodes;
  std::map<Key, int> index;
  std::vector<int> queue;
  nodes.push_back(Node{});
  nodes[0].key = query;
  index.emplace(query, 0);
  queue.push_back(0);
  bool budget_exceeded = false;
  for (size_t head = 0; head < queue.size(); ++head) {
    if (head >= options_.node_budget) {
      budget_exceeded = true;
      break;
    }
    Explore(queue[head], nodes, index, queue);
    if (nodes[queue[head]].direct.top) break;  // every explored node reaches it from `method`
  }
  if (budget_exceeded) ++stats_.budget_exceeded;

  // 2. Tarjan's SCCs (iteratively), emitted callees first; each component
  // solved when emitted. A component is `cut` when it reaches an unexplored
  // node without reaching a definite top.
  std::vector<ModSet> component_sets;
  std::vector<bool> component_cut;
  std::vector<int> stack;
  int counter = 0;
  struct Frame {
    int node;
    size_t next;
  };
  std::vector<Frame> frames = {{0, 0}};
  nodes[0].order = nodes[0].low = counter++;
  nodes[0].on_stack = true;
  stack.push_back(0);
  while (!frames.empty()) {
    Frame& f = frames.back();
    Node& v = nodes[f.node];
    if (f.next < v.callees.size()) {
      int w = v.callees[f.next++];
      Node& wn = nodes[w];
      if (wn.order < 0) {
        wn.order = wn.low = counter++;
        wn.on_stack = true;
        stack.push_back(w);
        frames.push_back({w, 0});
      } else if (wn.on_stack) {
        v.low = std::min(v.low, wn.order);
      }
      continue;
    }
    const int vi = f.node;
    frames.pop_back();
    if (!frames.empty()) {
      Node& parent = nodes[frames.back().node];
      parent.low = std::min(parent.low, v.low);
    }
    if (v.low != v.order) continue;
    // v roots a component: pop it and solve it.
    const int c = static_cast<int>(component_sets.size());
    std::vector<int> members;
    int w;
    do {
      w = stack.back();
      stack.pop_back();
      nodes[w].on_stack = false;
      nodes[w].component = c;
      members.push_back(w);
    } while (w != vi);
    std::sort(members.begin(), members.end());  // discovery order: deterministic reasons
    ModSet set;
    bool cut = false;
    for (int m : members) {
      const Node& n = nodes[m];
      if (!n.explored) cut = true;
      set.Merge(n.direct);
      for (const ModSet* solved : n.solved_callees) set.Merge(*solved);
      for (int callee : n.callees) {
        int cc = nodes[callee].component;
        if (cc == c) continue;
        set.Merge(component_sets[cc]);
        cut = cut || component_cut[cc];
      }
    }
    if (set.top) cut = false;  // definitely top, whatever lies beyond
    component_sets.push_back(std::move(set));
    component_cut.push_back(cut);
    ++stats_.components;
    for (int m : members) {
      if (cut && m != 0) continue;
      auto result = std::make_unique<ModSet>(component_sets[c]);
      if (cut) {
        result->SetTop(Cat(method.ToString(), ": node budget of ", options_.node_budget,
                           " methods exceeded"));
      }
      if (result->top && options_.tops != nullptr) {
        options_.tops->tops_.emplace(std::pair(nodes[m].key.id, nodes[m].key.context), result->top_reason);
      }
      done_.emplace(nodes[m].key, std::move(result));
    }
  }
  return *done_.at(query);
}

}  // namespace jwp::callgraph
