// Calls in the backward search (PLDI'09 Sections 4-5): the targets of a
// call, entering a callee at its exit through a summary keyed by the
// generalized dependent part (Figure 5, generalization.h), applying a
// summary's preconditions at every waiting call site (the frame rule),
// skipping a call with skolems, natives, and going up from a non-entry
// method to its callers.
#include "wp/wp_problem.h"

#include "callgraph/format_classes.h"
#include "models/returns_normally.h"
#include "types/stand_ins.h"

namespace jwp::wp::internal {

namespace {

// Whether some free variable of `m` satisfies `pred` (the invariant checks
// below).
bool any_variable(logic::TermManager& tm, const Minterm& m, const std::function<bool(const logic::VarInfo&)>& pred) {
  if (m.is_true() || m.is_false()) return false;
  for (Term v : logic::free_variables(m)) {
    if (pred(tm.var_info(v))) return true;
  }
  return false;
}

// Whether `m` mentions a program variable of namespace `ns` (checked at
// activation boundaries).
[[maybe_unused]] bool mentions_namespace(logic::TermManager& tm, const Minterm& m, uint32_t ns) {
  return any_variable(tm, m, [ns](const logic::VarInfo& i) { return i.role == logic::VarRole::kProgram && i.ns == ns; });
}

// Whether every generic of `m` is canonical (below kFirstFreshGeneric): a
// summary's key names no call site's own generics.
bool only_canonical_generics(logic::TermManager& tm, const Minterm& m) {
  return !any_variable(tm, m, [](const logic::VarInfo& i) {
    return i.role == logic::VarRole::kGeneric && i.index >= kFirstFreshGeneric;
  });
}

// What the table of models/jdk_natives.def says of target `t`'s native.
bool native_never_throws(std::string_view key) {
  const models::NativeFacts* f = models::FindNativeFacts(key);
  return f != nullptr && f->never_throws;
}

// The exception an I/O native throws when its environment fails (the
// table's JWP_THROWS_ONLY); empty for any other.
std::string_view native_throws_only(std::string_view key) {
  const models::NativeFacts* f = models::FindNativeFacts(key);
  return f == nullptr ? std::string_view() : f->throws_only;
}

// Object.clone, the native, called on an array (ir::IsArrayClone).
bool is_array_clone(const ir::Instruction& call, const Target& t) {
  return t.native && t.owner == "java/lang/Object" && ir::IsArrayClone(call);
}

// Object.clone, the native, called on an object (`super.clone()`):
// WpProblem::through_object_clone.
bool is_object_clone(const ir::Instruction& call, const Target& t) {
  return t.native && t.owner == "java/lang/Object" && t.name == "clone" && t.descriptor == "()Ljava/lang/Object;" &&
         !ir::IsArrayClone(call) && !call.operands.empty();
}

bool native_writes_nothing(std::string_view key) {
  const models::NativeFacts* f = models::FindNativeFacts(key);
  return f != nullptr && f->writes_nothing;
}

// The box a native returns, when `f` (its row of the table) says it is a
// cache lookup.
std::optional<CachedBox> cached_box(const models::NativeFacts* f) {
  if (f == nullptr || f->cached_box_class.empty()) return std::nullopt;
  return CachedBox{f->cached_box_class, f->cached_box_value_descriptor};
}

}  // namespace

// Whether `t` reads field map `value` at `box`, through updates of objects
// allocated after the box was looked up (fresh terms: every allocation the
// search has crossed comes later), which are not the box and leave its
// value as it was: nothing writes the value of a box the JDK made.
bool reads_box_value(Term t, Term box, Term value) {
  if (!t.is(logic::TermKind::kRead) || t.arg(1) != box) return false;
  Term map = t.arg(0);
  while (map.is(logic::TermKind::kUpdate) && map.arg(1).is(logic::TermKind::kFresh)) map = map.arg(0);
  return map == value;
}

// `phi` with the reads of field map `value` at the cached box `box`
// (reads_box_value) replaced by `arg`, its type by `type` (the box class)
// and `box == null` by false.
Term cached_box_reads(logic::TermManager& tm, Term phi, Term box, Term arg, Term value, Term type) {
  logic::Substitution r(tm);
  logic::for_each_subterm(phi, [&](Term t) {
    if (logic::null_compared(t) == box) {
      r.add(t, tm.mk_false());
      return;
    }
    if (t.is(logic::TermKind::kTypeOf) && t.arg(0) == box) {
      r.add(t, type);
      return;
    }
    if (reads_box_value(t, box, value)) r.add(t, arg);
  });
  return r.empty() ? phi : r.apply(phi);
}

// The class-hierarchy targets of a call (JVMS 5.4.3.3, 5.4.3.4, 5.4.6);
// null (and *why) when the call cannot be expanded: a resolution failure, a
// missing class, or too many targets (for class-hierarchy call graphs).
namespace {
// The targets of `cha` in the order their first receiver class comes in the
// hierarchy (ClassId order, as ChaTargets examines them; its `dispatch`),
// the order in which the search expands them; the one resolved method of a
// call without dispatch.
std::vector<callgraph::MethodId> targets_in_receiver_order(const callgraph::CallTargets& cha) {
  if (cha.dispatch.empty()) return cha.targets;
  std::vector<callgraph::MethodId> order;
  absl::flat_hash_set<callgraph::MethodId> seen;
  for (const callgraph::ReceiverDispatch& d : cha.dispatch) {
    if (!std::binary_search(cha.targets.begin(), cha.targets.end(), d.target)) continue;  // past the cap
    if (seen.insert(d.target).second) order.push_back(d.target);
  }
  return order;
}
}  // namespace

std::vector<Target>* WpProblem::targets(const ir::Instruction& call, std::string* why) {
  const bool capped = opt_.callgraph == CallGraph::kDirected;
  std::string key = Cat(call.owner, ".", call.name, call.descriptor, " ", static_cast<int>(call.invoke),
                        call.interface_owner ? "I" : "C");
  auto it = targets_.find(key);
  if (it != targets_.end()) {
    if (!it->second) *why = target_errors_[key];
    return it->second.get();
  }
  auto fail = [&](std::string reason) -> std::vector<Target>* {
    target_errors_[key] = reason;
    targets_[key] = nullptr;
    *why = std::move(reason);
    return nullptr;
  };
  // The class-hierarchy targets (callgraph/call_targets.h): in directed
  // mode listed up to max_targets + 1 (with_enabled adds the targets a
  // site enables beyond them); otherwise more than the cap is a failure.
  callgraph::CallTargetOptions options;
  options.max_targets = capped ? opt_.max_targets + 1 : opt_.max_targets;
  options.record_dispatch = true;
  const callgraph::CallTargets cha = callgraph::ChaTargets(h_, call, options);
  if (cha.opaque) return fail("an invokedynamic call site");
  if (cha.signature_polymorphic) return fail("signature-polymorphic method");
  if (cha.targets.empty() && !cha.problems.empty() && cha.problems.front().receiver.empty()) {
    const classfile::LinkageError error = cha.problems.front().error;
    return fail(error == classfile::LinkageError::kAbstractMethod
                    ? "resolves to an abstract method (AbstractMethodError)"
                    : Cat("does not resolve (", classfile::LinkageErrorName(error), ")"));
  }
  if (cha.truncated && !capped) return fail(Cat("has more than ", options.max_targets, " class-hierarchy targets"));
  // An interface may have only lambda classes (lambda_targets).
  const std::vector<callgraph::MethodId> ids =
      cha.targets.empty() ? stand_in_targets(call) : targets_in_receiver_order(cha);
  if (ids.empty() && !call.interface_owner) return fail("has no concrete target on the class path");
  auto list = std::make_unique<std::vector<Target>>();
  for (const callgraph::MethodId& id : ids) {
    Target t;
    std::string not_made;
    if (!make_target(id, &t, &not_made)) return fail(std::move(not_made));
    list->push_back(std::move(t));
  }
  std::vector<Target>* out = (targets_[key] = std::move(list)).get();
  if (cha.truncated) truncated_.insert(out);
  return out;
}

// A call no class on the class path receives may still run code of the
// class path: a stand-in (types/stand_ins.h) inherits what its type
// implements. The methods the stand-ins of the owner's subtypes select,
// when each selects one (otherwise none: the call is skipped, and its
// result is what the witness makes the stand-in return).
std::vector<callgraph::MethodId> WpProblem::stand_in_targets(const ir::Instruction& call) {
  if (call.invoke != ir::InvokeKind::kVirtual && call.invoke != ir::InvokeKind::kInterface) return {};
  const classfile::ClassId owner = h_.Find(call.owner);
  if (owner == classfile::kNoClass) return {};
  std::vector<callgraph::MethodId> ids;
  for (classfile::ClassId x : h_.Subtypes(owner)) {
    const std::string type(h_.Name(x));
    if (!types_.has_stand_in(type)) continue;
    const std::optional<types::MethodName> m =
        types_.dispatch(types::StandInName(type), call.owner, call.name, call.descriptor);
    if (!m || types_.stand_in_for(m->owner)) return {};  // the stand-in's own method
    callgraph::MethodId id(m->owner, m->name, m->descriptor);
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(std::move(id));
  }
  return ids;
}

std::optional<callgraph::MethodId> Target::MethodOfKey(std::string_view key) {
  const size_t paren = key.find('(');
  const size_t dot = paren == std::string_view::npos ? std::string_view::npos : key.rfind('.', paren);
  if (dot == std::string_view::npos) return std::nullopt;
  return callgraph::MethodId(key.substr(0, dot), key.substr(dot + 1, paren - dot - 1), key.substr(paren));
}

bool WpProblem::make_target(const callgraph::MethodId& id, Target* t, std::string* why) {
  auto declared = method_cache_.Find(id);
  if (!declared.ok()) {
    *why = Cat("target ", declared.status().message());
    return false;
  }
  const classfile::MethodInfo& m = *declared->method;
  t->owner = id.owner;
  t->name = id.name;
  t->descriptor = id.descriptor;
  t->model = callgraph::FindMethodModel(h_, t->owner, m);
  if (!t->model) {  // else the model's code stands in for the method's own
    if (m.IsNative()) {
      t->native = true;
    } else if (!m.code) {
      *why = Cat("target ", t->owner, ".", t->name, " has no code");
      return false;
    }
  }
  return true;
}

std::vector<Target>* WpProblem::with_enabled(const ir::Instruction& call, std::vector<Target>* listed,
                                               const std::string& site_key, std::string* why) {
  if (listed == nullptr || !truncated(listed)) return listed;
  absl::flat_hash_set<std::string> known;
  for (const Target& t : *listed) known.insert(t.key());
  for (const Target& t : lambda_targets(call)) known.insert(t.key());
  std::vector<std::string> missing;
  for (std::string& k : enabled_.At(site_key)) {
    if (!known.contains(k)) missing.push_back(std::move(k));
  }
  if (missing.empty()) return listed;
  // Lists made before stay (a caller may hold pointers into one); the
  // enabled targets only grow, so the last is current when its size is.
  std::vector<std::unique_ptr<std::vector<Target>>>& made = with_enabled_[site_key];
  if (!made.empty() && made.back()->size() == listed->size() + missing.size()) return made.back().get();
  auto list = std::make_unique<std::vector<Target>>(*listed);
  for (const std::string& k : missing) {
    const std::optional<callgraph::MethodId> id = Target::MethodOfKey(k);
    if (!id) {
      *why = Cat("an enabled target ", k, " names no method");
      return nullptr;
    }
    Target t;
    if (!make_target(*id, &t, why)) return nullptr;
    list->push_back(std::move(t));
  }
  truncated_.insert(list.get());
  made.push_back(std::move(list));
  return made.back().get();
}

std::vector<Target>& WpProblem::lambda_targets(const ir::Instruction& call) {
  const std::string key = Cat(call.owner, ".", call.name, call.descriptor);
  std::unique_ptr<LambdaTargets>& list = lambda_targets_[key];
  if (!list) list = std::make_unique<LambdaTargets>();
  if (call.invoke != ir::InvokeKind::kInterface || list->made == lambdas_.size()) return list->targets;
  list->made = lambdas_.size();
  list->targets.clear();
  for (size_t i : lambdas_.Implementing(h_, call.owner, call.name, call.descriptor)) {
    const callgraph::LambdaClass& l = lambdas_.at(i);
    Target t;
    t.owner = l.name;
    t.name = l.method_name;
    t.descriptor = l.erased;
    t.lambda = i;
    list->targets.push_back(std::move(t));
  }
  return list->targets;
}

// A lambda class learnt during a phase ends it and drops every summary
// (interface calls gain a target: next_phase), so that a goal behind an
// argument check with a message supplier (Validate.notNull(x, "x"), whose
// Objects.requireNonNull(x, () -> String.format(...)) makes the class)
// searched its first phase twice, the second from scratch. The lambda
// classes of the class path's methods that the goal's method calls
// statically (static and special calls, the ones whose target the call
// names), within a few levels, are learnt before the first phase. The
// JDK's are left to the search: most of its code is never met.
void WpProblem::prelearn_lambdas() {
  constexpr int kLevels = 4;
  constexpr size_t kMethods = 64;
  std::vector<std::pair<std::shared_ptr<const ir::MethodIR>, int>> work;
  absl::flat_hash_set<std::string> seen{ir_.QualifiedName()};
  auto callees = [&](const ir::MethodIR& m, int level) {
    if (level >= kLevels) return;
    for (const ir::Instruction& in : m.insns) {
      if (seen.size() >= kMethods) return;
      if (in.op != ir::Op::kInvoke || (in.invoke != ir::InvokeKind::kStatic && in.invoke != ir::InvokeKind::kSpecial) ||
          types::IsJdkPackage(in.owner)) {
        continue;
      }
      auto built = method_cache_.Get(callgraph::MethodId(in.owner, in.name, in.descriptor));
      if (!built.ok() || !seen.insert((*built)->QualifiedName()).second) continue;
      learn_lambdas(**built);
      work.emplace_back(*built, level + 1);
    }
  };
  callees(ir_, 0);
  while (!work.empty()) {
    auto [m, level] = std::move(work.back());
    work.pop_back();
    callees(*m, level);
  }
}

// The IR of a target with code (its method model's, when it has one, and
// a lambda class's method), from the one method cache the forward facts
// share; the lambdas of a class-path method's code are learnt on its way.
bool WpProblem::ensure_ir(Target& t, std::string* why) {
  if (t.ir || t.native) return true;
  auto built = method_cache_.Get(callgraph::MethodId(t.owner, t.name, t.descriptor));
  if (!built.ok()) {
    *why = Cat("target ", built.status().message());
    return false;
  }
  t.ir = *built;
  if (t.lambda == std::string::npos) learn_lambdas(*t.ir);
  return true;
}

// A minterm at the return site of a call (the start of e.to, e leaving the
// call's block) continues at the normal or exceptional exit of each target.
// False when the call is not expanded (then it is skipped with skolems).
CallHandling WpProblem::expand_call(const Item& item, ir::EdgeId eid) {
  // acts_ grows below: keep the caller's IR and transformer, not a reference.
  const std::shared_ptr<const ir::MethodIR> air = acts_[item.at.act].ir;
  Transformer& atr = *acts_[item.at.act].tr;
  const uint32_t adepth = acts_[item.at.act].depth;
  const ir::Edge& e = air->edges[eid];
  const ir::Block& from = air->blocks[e.from];
  const ir::InsnId call_id = from.insns.back();
  const ir::Instruction& call = air->insns[call_id];
  const callgraph::BytecodeCallee named = callgraph::CalleeInBytecode(call);
  const std::string where = Cat(dotted(named.owner), ".", named.name, call.descriptor, " at ", SourceLocation(*air, call));
  if (through_modelled_call(item, eid, call)) return CallHandling::kExpanded;
  std::optional<ChosenTargets> chosen = choose_targets(item, *air, call_id, adepth, where);
  if (!chosen) return CallHandling::kSkipped;
  if (chosen->targets.empty()) return chosen->handled;
  const Minterm at_end = atr.through_phis(eid, item.phi);
  const Term phi = at_end.is_true() ? tm_.mk_true() : at_end.term();
  const bool exceptional = e.kind == ir::EdgeKind::kException;
  const Point at_call{item.at.act, e.from, static_cast<int32_t>(from.insns.size()) - 1};
  const Term post = exit_postcondition(atr, e, call, phi);
  const absl::StatusOr<std::vector<Minterm>> post_dnf = logic::to_dnf(tm_, post, 4096);
  if (!post_dnf.ok()) note("incomplete: too many disjuncts");
  // At the normal exit of a target that never returns null
  // (absint/non_null_returns.h), `ret == null` is no path.
  std::optional<absl::StatusOr<std::vector<Minterm>>> post_non_null_dnf;
  const bool asks_ret = !exceptional && call.result != ir::kNone &&
                        logic::mentions(phi, atr.var(call.result)) &&
                        atr.var(call.result).sort() == logic::Sort::Ref();
  for (const Target* tp : chosen->targets) {
    const Target& t = *tp;
    count_step(item.at.act);
    if (is_object_clone(call, t)) {
      through_object_clone(item, at_call, call, atr, t, e, phi, where);
      continue;
    }
    if (t.native) {
      // Only natives that never throw get here (choose_targets), whose
      // exceptional exit has no path, and I/O natives that throw only when
      // their environment fails.
      if (!exceptional) {
        assume_native_returns(item, at_call, call, atr, t, phi, where);
      } else if (const std::string_view failure = native_throws_only(t.key()); !failure.empty()) {
        through_native_failure(item, at_call, call, atr, t, e, phi, where, failure);
      }
      continue;
    }
    if (!post_dnf.ok()) continue;  // noted once above
    const std::vector<Minterm>* posts = &*post_dnf;
    if (asks_ret && vocab_.returns_non_null(callgraph::MethodId(t.owner, t.name, t.descriptor))) {
      if (!post_non_null_dnf) {
        post_non_null_dnf = logic::to_dnf(
            tm_, tm_.mk_and({post, tm_.mk_ne(tm_.ret(logic::Sort::Ref()), tm_.mk_null())}), 4096);
      }
      if (post_non_null_dnf->ok()) posts = &**post_non_null_dnf;
    }
    if (opt_.summaries) {
      for (const Minterm& m : *posts) {
        enter_summary(item, t, item.at.act, call_id, adepth + 1, exceptional, m);
      }
      continue;
    }
    enter_activation(item, t, call_id, adepth + 1, exceptional, *posts);
  }
  return chosen->handled;
}

// An access method of Unsafe on `o + offset` (callgraph::UnsafeAccessOf,
// its first parameter an Object and its second the long offset) that is a
// native of JDK 17 (compareAndSetReference, putReferenceVolatile, getChar,
// ...; getAndAddInt and the other loops are Java code, entered as any
// other), and that the natives table does not assume already.
bool WpProblem::unsafe_heap_native(const ir::Instruction& call) const {
  if (call.op != ir::Op::kInvoke || call.invoke == ir::InvokeKind::kStatic ||
      (call.owner != "jdk/internal/misc/Unsafe" && call.owner != "sun/misc/Unsafe") ||
      !callgraph::UnsafeAccessOf(call.name) || !call.descriptor.starts_with("(Ljava/lang/Object;J")) {
    return false;
  }
  const callgraph::MethodId m(call.owner, call.name, call.descriptor);
  return method_cache_.IsNative(m) && !native_never_throws(m.ToString());
}

// A call the transformer models as what it does, along edge `eid`: a
// system property or environment variable read by a constant name as an
// input the witness sets (Transformer::through_environment_read); Class.isAssignableFrom as a subtype test (Transformer::
// through_is_assignable_from; its exceptional edges too); Class.isArray,
// getComponentType and Array.newArray of the type a Class object stands for
// (Transformer::through_class_query, both edges); along a normal
// edge, a call of a VarHandle that a static final
// field holds, bound by its class initializer (callgraph/var_handles.h), or
// of Unsafe with a bound field offset, as the access it makes (Transformer::
// through_var_handle, through_unsafe_access), and Unsafe's native accesses
// at other offsets as unknown writes (through_unbound_unsafe_access), their
// exceptional edges no path (unsafe_heap_native). False when the call is
// none of those: it goes on as any other.
bool WpProblem::through_modelled_call(const Item& item, ir::EdgeId eid, const ir::Instruction& call) {
  const ir::MethodIR& ir = *acts_[item.at.act].ir;
  Transformer& tr = *acts_[item.at.act].tr;
  const ir::Edge& e = ir.edges[eid];
  Step st;
  // Patterns name methods as the bytecode calls them (String.format, not
  // the method made for its literal).
  const callgraph::BytecodeCallee named = callgraph::CalleeInBytecode(call);
  const callgraph::InputMethods::Kind input = call.op == ir::Op::kInvoke
                                                  ? opt_.inputs.Classify(named.owner, named.name, call.descriptor)
                                                  : callgraph::InputMethods::Kind::kNone;
  if (input != callgraph::InputMethods::Kind::kNone) {
    // A method the user names as an input or an assumption, or a query of
    // the file system (wp/inputs.cc): its code does not run, and it throws
    // nothing but an instance method's NullPointerException for a null
    // receiver (and a file query a security manager's exception).
    const callgraph::FileQuery* query = input == callgraph::InputMethods::Kind::kFileQuery
                                            ? callgraph::FileQueryOf(call.owner, call.name, call.descriptor)
                                            : nullptr;
    if (query != nullptr && query->opens) {
      // Opens, or throws FileNotFoundException (the receiver is the
      // stream its constructor makes: never null).
      st = tr.through_file_opening(call, e, tr.through_phis(eid, item.phi));
    } else if (e.kind == ir::EdgeKind::kException) {
      if (input == callgraph::InputMethods::Kind::kFileQuery) {
        st.lossy = Cat(dotted(std::string(call.owner)), ".", call.name, " at ", SourceLocation(ir, call),
                       ": a NullPointerException of a null path or a SecurityException (of a security manager the "
                       "program installs) is not explored");
      } else if (call.invoke != ir::InvokeKind::kStatic) {
        st.lossy = Cat("the NullPointerException of input method ", dotted(std::string(call.owner)), ".", call.name,
                       " called on a null receiver at ", SourceLocation(ir, call), " is not explored");
      }
    } else {
      const Minterm after = tr.through_phis(eid, item.phi);
      st = input == callgraph::InputMethods::Kind::kAssume ? tr.through_assume_call(call, after)
                                                           : tr.through_input_call(call, after);
    }
  } else if (call.op == ir::Op::kInvoke && opt_.inputs.Names(named.owner, named.name)) {
    note(Cat("a method pattern names ", dotted(std::string(call.owner)), ".", call.name, call.descriptor, " at ",
             SourceLocation(ir, call),
             ", which is neither an input (a primitive or String result) nor an assumption ((Z)V): analysed as a call"));
    return false;
  } else if (call.op == ir::Op::kInvoke && call.invoke != ir::InvokeKind::kStatic && !call.operands.empty() &&
             call.operands[0] >= 0 && ir.values[call.operands[0]].def != ir::kNone &&
             IsSecurityManagerRead(ir.def(call.operands[0]))) {
    // A call on the security manager (`sm.checkRead(name)`): only a
    // program that installs one gets there (through_security_manager_read),
    // and its checks are not explored.
    st.lossy = Cat(dotted(std::string(call.owner)), ".", call.name, " at ", SourceLocation(ir, call),
                   ": a security manager the program installs is not explored");
  } else if (IsSecurityManagerRead(call)) {
    // No security manager (wp/environment.cc); the call throws nothing.
    if (e.kind != ir::EdgeKind::kException) {
      st = tr.through_security_manager_read(call, tr.through_phis(eid, item.phi));
    }
  } else if (std::optional<EnvironmentRead> read = EnvironmentReadOf(ir, call)) {
    if (e.kind != ir::EdgeKind::kException) {
      st = tr.through_environment_read(call, *read, tr.through_phis(eid, item.phi));
    } else {
      // A constant, non-empty name: only a security manager the program
      // installed could make it throw, which the search does not explore.
      st.lossy = Cat("System.", call.name, " at ", SourceLocation(ir, call),
                     ": a SecurityException (of a security manager the program installs) is not explored");
    }
  } else if (IsClassQueryCall(call)) {
    st = tr.through_class_query(call, e, tr.through_phis(eid, item.phi));
  } else if (IsAssignableFromCall(call)) {
    const Minterm after = tr.through_phis(eid, item.phi);
    st = e.kind == ir::EdgeKind::kException ? tr.through_is_assignable_from_throwing(call, e, after)
                                            : tr.through_is_assignable_from(call, after);
  } else if (e.kind == ir::EdgeKind::kException) {
    // Unsafe's native accesses of `o + offset` check nothing and throw
    // nothing: their exceptional edge is no path (a null receiver's
    // NullPointerException is no call edge: IsCall).
    if (!unsafe_heap_native(call)) return false;
  } else {
    const bool handle = call.owner == "java/lang/invoke/VarHandle";
    if (call.op != ir::Op::kInvoke ||
        !(handle || call.owner == "jdk/internal/misc/Unsafe" || call.owner == "sun/misc/Unsafe")) {
      return false;
    }
    if (!var_handles_) var_handles_ = std::make_unique<callgraph::VarHandles>(h_);
    const std::optional<callgraph::VarHandleBinding> b =
        handle ? var_handles_->OfCall(ir, call) : var_handles_->OfUnsafeCall(ir, call);
    // A native access of Unsafe at an offset no static final field binds
    // (an array element's, a field's found some other way) names no
    // location the search knows: its write is unknown, as a skipped call's,
    // and the search is incomplete there.
    const bool unbound_native = !b && !handle && unsafe_heap_native(call);
    if (!b && !unbound_native) return false;
    const Minterm after = tr.through_phis(eid, item.phi);
    if (unbound_native) {
      st = tr.through_unbound_unsafe_access(call, after);
    } else {
      st = handle ? tr.through_var_handle(call, *b, after) : tr.through_unsafe_access(call, *b, after);
    }
  }
  if (!st.unsupported.empty()) {
    note(Cat("a call is skipped: ", st.unsupported, " at ", SourceLocation(ir, call)));
    return false;
  }
  count_step(item.at.act);
  const Point at_call{item.at.act, e.from, static_cast<int32_t>(ir.blocks[e.from].insns.size()) - 1};
  absorb(st, at_call, item, call.line);
  return true;
}

std::optional<WpProblem::ChosenTargets> WpProblem::choose_targets(const Item& item, const ir::MethodIR& ir,
                                                                      ir::InsnId call_id, uint32_t depth,
                                                                      const std::string& where) {
  const ir::Instruction& call = ir.insns[call_id];
  std::string why;
  std::vector<Target>* all = targets(call, &why);
  if (all == nullptr) {
    note(Cat("a call is skipped: ", where, " ", why));
    return std::nullopt;
  }
  std::vector<Target>& lambdas = lambda_targets(call);
  if (all->empty() && lambdas.empty()) {
    note(Cat("a call is skipped: ", where, " has no concrete target on the class path"));
    return std::nullopt;
  }
  if (depth + 1 > opt_.max_call_depth) {
    note(Cat("budget: call depth ", opt_.max_call_depth, " at ", where));
    return std::nullopt;
  }
  // Directed construction (Section 4): a call with several class-hierarchy
  // targets is expanded only to the targets enabled so far at this site;
  // the others stay skipped (kPartial) until the constraints choose them.
  ChosenTargets out;
  std::vector<Target*>& chosen = out.targets;
  const bool directed = opt_.callgraph == CallGraph::kDirected && all->size() + lambdas.size() > 1;
  const std::string site_key = EnabledTargets::SiteKey(ir, call);
  const bool listed_in_part = truncated(all);
  if (directed && listed_in_part && enabled_.HasAny(site_key)) {
    all = with_enabled(call, all, site_key, &why);
    if (all == nullptr) {
      note(Cat("a call is skipped: ", where, " ", why));
      return std::nullopt;
    }
  }
  for (Target& t : *all) {
    if (!directed || enabled_.IsEnabled(site_key, t.key())) {
      chosen.push_back(&t);
    }
  }
  for (Target& t : lambdas) {
    if (lambda_enabled(t)) chosen.push_back(&t);
  }
  out.handled = chosen.size() == all->size() + lambdas.size() && !listed_in_part ? CallHandling::kExpanded
                                                                                 : CallHandling::kPartial;
  // Forward facts may know every method the call dispatches to in this
  // context: the others are no path, and when those are all enabled, the
  // skipped side (the targets not enabled) is none either. They name
  // methods as the class hierarchy resolves them, as the targets do; the
  // facts are used only where each method they name is among the enabled
  // targets, or among all the targets when the list is whole.
  if (const std::set<std::string>* ran = forward_dispatched(item.at.act, call_id)) {
    auto among = [&](const auto& list, auto key_of) {
      return std::all_of(ran->begin(), ran->end(), [&](const std::string& m) {
        return std::any_of(list.begin(), list.end(), [&](const auto& t) { return key_of(t) == m; });
      });
    };
    const bool all_enabled = among(chosen, [](const Target* t) { return t->key(); });
    if (all_enabled || (!listed_in_part && among(*all, [](const Target& t) { return t.key(); }))) {
      if (out.handled == CallHandling::kPartial && all_enabled) {
        pruned();
        out.handled = CallHandling::kExpanded;
      }
      std::erase_if(chosen, [&](const Target* t) {
        if (ran->contains(t->key())) return false;
        pruned();  // counts
        return true;
      });
    }
  }
  return checked_targets(std::move(out), ir, call, where);
}

// `out`, when every chosen target can be entered: a native the table does
// not assume and a method without IR make the call a skipped one.
std::optional<WpProblem::ChosenTargets> WpProblem::checked_targets(ChosenTargets out, const ir::MethodIR& ir,
                                                                   const ir::Instruction& call,
                                                                   const std::string& where) {
  std::string why;
  for (Target* t : out.targets) {
    if (t->skipped_native(call)) {
      note(Cat("a call is skipped: native method ", dotted(t->owner), ".", t->name, t->descriptor,
               " at ", SourceLocation(ir, call), " may throw (natives are modelled by issue #7)"));
      return std::nullopt;
    }
    if (!ensure_ir(*t, &why)) {
      note(Cat("a call is skipped: ", where, " ", why));
      return std::nullopt;
    }
  }
  return out;
}

// The postcondition at every target's exit, the same for all targets:
// wp(w = m(...), φ) continues at m's normal exit with φ[ret/w]; along the
// call's exceptional edge e, at m's exceptional exit with a non-null
// exception routed to e's handler.
Term WpProblem::exit_postcondition(Transformer& caller, const ir::Edge& e, const ir::Instruction& call, Term phi) {
  if (e.kind == ir::EdgeKind::kException) {
    std::vector<Term> conds = caller.routing(e, tm_.exc());
    conds.push_back(phi);
    conds.push_back(tm_.mk_ne(tm_.exc(), tm_.mk_null()));
    return tm_.mk_and(conds);
  }
  if (call.result == ir::kNone) return phi;
  Term w = caller.var(call.result);
  return logic::substitute(tm_, phi, w, tm_.ret(w.sort()));
}

// Section 6: a native method throws nothing, changes no heap and returns an
// arbitrary value (a skolem: a minterm constraining it is not a
// precondition). The table of models/jdk_natives.def names the natives for
// which this is sound, and what more is known of a few: the one current
// thread, the cached boxes of Integer.valueOf and Long.valueOf, the
// receiver's class of Object.getClass, Class.isInstance; and, beside the
// table, the clone of an array (is_array_clone).
void WpProblem::assume_native_returns(const Item& item, Point at_call, const ir::Instruction& call,
                                        Transformer& caller, const Target& t, Term phi, const std::string& where) {
  const std::string text =
      Cat("native method ", dotted(t.owner), ".", t.name, t.descriptor,
          native_throws_only(t.key()).empty() ? " assumed to throw nothing and leave the heap unchanged"
                                              : " assumed to leave the heap unchanged (its I/O failure is searched apart)");
  logic::Substitution s(tm_);
  const models::NativeFacts* facts = models::FindNativeFacts(t.key());
  const std::optional<CachedBox> box =
      call.result != ir::kNone && !call.operands.empty() ? cached_box(facts) : std::nullopt;
  Term box_sk;
  std::vector<Term> clone_facts;
  if (call.result != ir::kNone && facts != nullptr && facts->current_thread) {
    Term w = caller.var(call.result);
    s.add(w, vocab_.current_thread());
  } else if (call.result != ir::kNone && facts != nullptr && facts->class_of_receiver && !call.operands.empty()) {
    Term w = caller.var(call.result);
    s.add(w, tm_.mk_class_of(tm_.mk_type_of(caller.var(call.operands[0]))));
  } else if (call.result != ir::kNone && facts != nullptr && facts->class_is_instance && call.operands.size() == 2) {
    Term w = caller.var(call.result);
    const Term arg = caller.var(call.operands[1]);
    // (One term at a time, in the order the gcc build made them: the order
    // terms are made in orders the search, and argument order is
    // unspecified.)
    const Term non_null = tm_.mk_ne(arg, tm_.mk_null());
    const Term receiver_type = tm_.mk_class_type(caller.var(call.operands[0]));
    const Term arg_type = tm_.mk_type_of(arg);
    const Term is = tm_.mk_and({non_null, tm_.mk_sub_type(arg_type, receiver_type)});
    const Term no = tm_.mk_int(0);
    const Term yes = tm_.mk_int(1);
    s.add(w, tm_.mk_ite(is, yes, no));
  } else if (call.result != ir::kNone && is_array_clone(call, t) && !call.operands.empty()) {
    // A new array of the receiver's type and length. Where only its length
    // matters and its type is the call's (a primitive array has no
    // subtype), it is a new array like any other; otherwise (its elements
    // are the receiver's) a skolem of that type and length.
    Term w = caller.var(call.result);
    const Term a = caller.var(call.operands[0]);
    const std::string_view owner = call.owner;
    const bool primitive = owner.size() == 2 && owner[0] == '[';
    if (primitive && !MentionsBeyondLength(tm_, phi, w)) {
      const Term length = tm_.mk_length(a);
      s.add(w, tm_.mk_fresh_array(vocab_.type(owner), length));
    } else {
      const Term copy = tm_.fresh_skolem(
          logic::SkolemKind::kRet, w.sort(),
          vocab_.call_site(Cat("the elements of the array clone at ", where, " are needed")));
      s.add(w, copy);
      clone_facts.push_back(tm_.mk_ne(copy, tm_.mk_null()));
      const Term a_type = tm_.mk_type_of(a);
      clone_facts.push_back(tm_.mk_eq(tm_.mk_type_of(copy), a_type));
      clone_facts.push_back(tm_.mk_instance_of(copy, vocab_.type(owner)));
      const Term a_length = tm_.mk_length(a);
      clone_facts.push_back(tm_.mk_eq(tm_.mk_length(copy), a_length));
    }
  } else if (box) {
    Term w = caller.var(call.result);
    const uint32_t site = vocab_.call_site(
        Cat("the identity of the cached ", dotted(box->cls), " that valueOf returns at ", where, " is needed"));
    cached_box_sites_.try_emplace(site, *box);
    box_sk = tm_.fresh_skolem(logic::SkolemKind::kRet, w.sort(), site);
    s.add(w, box_sk);
  } else if (call.result != ir::kNone) {
    Term w = caller.var(call.result);
    s.add(w, tm_.fresh_skolem(logic::SkolemKind::kRet, w.sort(),
                              vocab_.call_site(Cat("the result of native method ", dotted(t.owner), ".", t.name,
                                                   t.descriptor, " at ", where, " is needed"))));
  }
  std::vector<Term> conds = dispatch_conditions(call, caller, t.owner, t.name, t.descriptor);
  conds.push_back(s.apply(phi));
  conds.insert(conds.end(), clone_facts.begin(), clone_facts.end());
  if (box) {
    // What the box is: where the search cannot use it yet (a summary's
    // generic stands for its value), it travels as literals, which
    // at_entry eliminates (without_cached_boxes).
    const Term value = vocab_.field(box->cls, "value", box->descriptor);
    const Term arg = caller.var(call.operands[0]);
    conds.back() = cached_box_reads(tm_, conds.back(), box_sk, arg, value, tm_.mk_type(box->cls));
    conds.push_back(tm_.mk_eq(tm_.mk_read(value, box_sk), arg));
    // And what is known of it wherever it goes (into an array a callee
    // reads, say): a box, never null, exactly of its class.
    conds.push_back(tm_.mk_ne(box_sk, tm_.mk_null()));
    const Term box_type = tm_.mk_type_of(box_sk);
    conds.push_back(tm_.mk_eq(box_type, tm_.mk_type(box->cls)));
  }
  auto dnf = logic::to_dnf(tm_, tm_.mk_and(conds), 4096);
  if (!dnf.ok()) {
    note("incomplete: too many disjuncts");
    return;
  }
  // An array's clone is exact (JLS 10.7): nothing is assumed of it.
  const int32_t assumed = is_array_clone(call, t) ? item.assume : assume(item.assume, text);
  for (const Minterm& m : *dnf) {
    push(at_call, m, item.loops, item.path, item.site, call.line, assumed);
  }
}

// Object.clone of an object (JDK 17's API): an instance of a class that
// implements Cloneable gets a new object of its own class whose fields hold
// its values (a shallow copy); any other throws CloneNotSupportedException.
// Along the normal edge, for each class T the receiver r may have
// (clone_alternatives), wp(w = r.clone(), φ) = typeOf(r) == T ∧
// Cloneable(T) ∧ φ[update(f, c, f(r))/f for each field map f of φ][c/w],
// c = fresh(T): a new object, distinct from every object before it. Along
// the exceptional edge, a new CloneNotSupportedException where typeOf(r)
// is no Cloneable. Nothing is assumed of the native.
void WpProblem::through_object_clone(const Item& item, Point at_call, const ir::Instruction& call,
                                     Transformer& caller, const Target& t, const ir::Edge& e, Term phi,
                                     const std::string& where) {
  const Term r = caller.var(call.operands[0]);
  const Term r_type = tm_.mk_type_of(r);
  const Term cloneable = tm_.mk_sub_type(r_type, vocab_.type("java/lang/Cloneable"));
  std::vector<Term> conds = dispatch_conditions(call, caller, t.owner, t.name, t.descriptor);
  if (e.kind == ir::EdgeKind::kException) {
    conds.push_back(tm_.mk_not(cloneable));
    const Term x = tm_.mk_fresh(tm_.mk_type("java/lang/CloneNotSupportedException"));
    absorb(caller.thrown_along(e, x, phi, std::move(conds)), at_call, item, call.line);
    return;
  }
  conds.push_back(cloneable);
  const std::vector<Term> fields = logic::collect(phi, [](Term x) { return x.is(logic::TermKind::kFieldConst); });
  std::vector<Term> alternatives;
  for (const auto& [copy, type_cond] : clone_alternatives(*acts_[item.at.act].ir, call, r, r_type, where)) {
    logic::Substitution s(tm_);
    if (call.result != ir::kNone) s.add(caller.var(call.result), copy);
    for (Term f : fields) s.add(f, tm_.mk_update(f, copy, tm_.mk_read(f, r)));
    alternatives.push_back(tm_.mk_and({type_cond, s.apply(phi)}));
  }
  conds.push_back(tm_.mk_or(alternatives));
  auto dnf = logic::to_dnf(tm_, tm_.mk_and(conds), 4096);
  if (!dnf.ok()) {
    note("incomplete: too many disjuncts");
    return;
  }
  for (const Minterm& m : *dnf) push(at_call, m, item.loops, item.path, item.site, call.line, item.assume);
}

void WpProblem::through_native_failure(const Item& item, Point at_call, const ir::Instruction& call,
                                       Transformer& caller, const Target& t, const ir::Edge& e, Term phi,
                                       const std::string& where, std::string_view exception) {
  std::vector<Term> conds = dispatch_conditions(call, caller, t.owner, t.name, t.descriptor);
  const Term failure = tm_.fresh_skolem(
      logic::SkolemKind::kRet, logic::Sort::Int(),
      vocab_.call_site(Cat("a failure of native method ", where, " (an I/O error, which no witness can ask for) is needed")));
  const Term one = tm_.mk_int(1);
  conds.push_back(tm_.mk_eq(failure, one));
  const Term x = tm_.mk_fresh(tm_.mk_type(exception));
  absorb(caller.thrown_along(e, x, phi, std::move(conds)), at_call, item, call.line);
}

// The copies Object.clone may make of receiver `r` of `call` (of type
// `r_type`, typeOf(r)), each with
// what it takes: one fresh object of each instantiable subtype T of r's
// static type (typeOf(r) == T), when the class path lists them all and
// they are few; otherwise one skolem c of r's type (c != null, c != r,
// typeOf(c) == typeOf(r)), which over-approximates the copy's identity: a
// NOT_FOUND stays exhaustive, and a witness that needs the identity is a
// candidate the JVM runs.
std::vector<std::pair<Term, Term>> WpProblem::clone_alternatives(const ir::MethodIR& ir, const ir::Instruction& call,
                                                                 Term r, Term r_type, const std::string& where) {
  constexpr size_t kMaxCloneTypes = 8;
  std::vector<std::pair<Term, Term>> out;
  const std::string_view static_type = ir.values[call.operands[0]].type.descriptor;
  if (static_type.starts_with('L')) {
    const types::TypeFacts::TypeList subs =
        types_.concrete_subtypes(classfile::InternalNameOf(static_type), kMaxCloneTypes);
    if (subs.complete && !subs.types.empty()) {
      for (const std::string& type : subs.types) {
        const Term type_term = vocab_.type(type);
        const Term copy = tm_.mk_fresh(type_term);
        out.emplace_back(copy, tm_.mk_eq(r_type, type_term));
      }
      return out;
    }
  }
  const Term copy = tm_.fresh_skolem(
      logic::SkolemKind::kRet, logic::Sort::Ref(),
      vocab_.call_site(Cat("the identity of the copy Object.clone makes at ", where, " is needed")));
  const Term copy_type = tm_.mk_type_of(copy);
  out.emplace_back(copy, tm_.mk_and({tm_.mk_ne(copy, tm_.mk_null()), tm_.mk_ne(copy, r), tm_.mk_eq(copy_type, r_type)}));
  return out;
}

// Without summaries (--no-summaries): the callee is entered backwards in a
// fresh activation of its own, for this path alone.
void WpProblem::enter_activation(const Item& item, const Target& t, ir::InsnId call_id, uint32_t depth,
                                   bool exceptional, const std::vector<Minterm>& post) {
  Activation callee;
  callee.ir = t.ir;
  callee.ns = vocab_.fresh_namespace();
  callee.tr = std::make_unique<Transformer>(vocab_, *t.ir, callee.ns, &types_);
  callee.dom = dominators(*t.ir);
  callee.caller = item.at.act;
  callee.call = call_id;
  callee.depth = depth;
  callee.order_depth = order_depth_of_callee(item.at.act, call_id, exceptional);
  inherit_facts(callee, item.at.act, call_id);
  ph_.methods_seen.insert(t.ir->QualifiedName());
  ++ph_.result.stats.calls_entered;
  const ir::BlockId start = exceptional ? t.ir->exceptional_exit : t.ir->exit;
  const int32_t line = acts_[item.at.act].ir->insns[call_id].line;
  acts_.push_back(std::move(callee));
  const int32_t b_act = static_cast<int32_t>(acts_.size()) - 1;
  for (const Minterm& m : post) {
    push(Point{b_act, start, 0}, m, item.loops, item.path, item.site, line, item.assume);
  }
}

// The skipped side of a partially expanded call (directed construction):
// the skolems stand for the targets not yet enabled, so the dispatch to
// each enabled one is excluded; the skolems' site is recorded for the
// choice of the next phase's targets.
void WpProblem::skip_call(const Item& item, ir::EdgeId eid, Step* step) {
  if (step->skipped_site == Step::kNoSite) return;
  const std::shared_ptr<const ir::MethodIR> air = acts_[item.at.act].ir;
  const ir::Edge& e = air->edges[eid];
  const ir::InsnId call_id = air->blocks[e.from].insns.back();
  const ir::Instruction& call = air->insns[call_id];
  std::string why;
  std::vector<Target>* all = targets(call, &why);
  if (all == nullptr || call.operands.empty()) return;
  const std::string site_key = EnabledTargets::SiteKey(*air, call);
  directed_.AddSite(step->skipped_site, DirectedSite{site_key, air, call_id, all});
  std::vector<Target>& lambdas = lambda_targets(call);
  std::vector<const Target*> on;
  for (const Target& t : lambdas) {
    if (lambda_enabled(t)) on.push_back(&t);
  }
  if (enabled_.HasAny(site_key)) {
    all = with_enabled(call, all, site_key, &why);
    if (all == nullptr) return;
    for (const Target& t : *all) {
      if (enabled_.IsEnabled(site_key, t.key())) on.push_back(&t);
    }
  }
  if (on.empty()) return;
  Term receiver_type = tm_.mk_type_of(acts_[item.at.act].tr->var(call.operands[0]));
  Term dispatch = tm_.mk_dispatch(receiver_type, tm_.mk_signature(call.owner, call.name, call.descriptor));
  std::vector<Term> excluded;
  for (const Target* t : on) excluded.push_back(tm_.mk_ne(dispatch, tm_.mk_method(t->owner, t->name, t->descriptor)));
  for (Minterm& m : step->pre) {
    for (Term x : excluded) m = logic::conjoin(tm_, m, x);
  }
}

// The callee's mod-set as a predicate over the leaves a call may change
// (field and array-kind constants, static-field variables); false when the
// mod-set is unknown (top, or it rests on natives that are not assumed
// away): then the whole postcondition enters the callee.
bool WpProblem::writes_of(const Target& t, const std::vector<std::string>& context,
                            const std::string* forward_context, std::function<bool(Term)>* may_write,
                            std::string* why_not, std::string* partial) {
  ensure_mod_sets();
  partial->clear();
  const callgraph::MethodId id(t.owner, t.name, t.descriptor);
  auto of = [&](callgraph::ModSets& sets, ForwardModSets& forward) -> const callgraph::ModSet& {
    const callgraph::ModSet* by_facts = forward_context != nullptr ? forward.Of(*forward_context) : nullptr;
    return by_facts != nullptr ? *by_facts : sets.Of(id, context);
  };
  if (frame_of(of(*mod_sets_, *forward_mods_), may_write, why_not)) return true;
  if (!partial_mod_sets_) return false;
  // Unknown over every target: the targets enabled at the calls of several
  // (partial frames).
  const callgraph::ModSet& enabled = of(*partial_mod_sets_, *partial_forward_mods_);
  std::string unused;
  if (!frame_of(enabled, may_write, &unused)) return false;
  why_not->clear();
  if (enabled.partial) *partial = enabled.partial_reason;
  return true;
}

bool WpProblem::frame_of(const callgraph::ModSet& mods, std::function<bool(Term)>* may_write, std::string* why_not) {
  if (mods.top) {
    *why_not = mods.top_reason;
    return false;
  }
  for (const callgraph::MethodId& n : mods.AssumedNatives()) {
    Target nt;
    nt.owner = n.owner;
    nt.name = n.name;
    nt.descriptor = n.descriptor;
    if (!native_never_throws(nt.key()) && !native_writes_nothing(nt.key())) {
      *why_not = Cat("it may call the native ", n.ToString());  // its effects are not assumed away
      return false;
    }
  }
  *may_write = [this, &mods](Term x) { return writes_term(mods, x); };
  return true;
}

void WpProblem::ensure_mod_sets() {
  if (mod_sets_) return;
  callgraph::ModSetOptions o;
  o.natives_are_top = false;
  o.targets.max_targets = opt_.max_targets;
  if (!mod_set_targets_) mod_set_targets_ = std::make_unique<callgraph::ChaTargetsMemo>(h_, o.targets);
  o.cha = mod_set_targets_.get();
  o.tops = &mod_set_tops_;
  o.lambdas = &lambdas_;
  if (!opt_.inputs.empty()) o.inputs = &opt_.inputs;
  mod_sets_ = std::make_unique<callgraph::ModSets>(h_, method_cache_, o);
  forward_mods_ = std::make_unique<ForwardModSets>(forward_, *mod_sets_);
  if (opt_.callgraph != CallGraph::kDirected) return;
  // Partial frames: a call of several targets is expanded to the targets
  // enabled at it (directed construction, Section 4); its skipped side
  // stands for the others and havocs what the minterm mentions. So where
  // the mod-set over every target is unknown, the one over the enabled
  // targets frames, if a precondition through a skipped side havocs the
  // framed heap literals (apply_summary). Mod-sets are rebuilt each phase
  // (next_phase), when the enabled targets may have grown; tops stay tops.
  o.tops = &partial_mod_set_tops_;
  o.enabled_targets = [this](const ir::MethodIR& caller, const ir::Instruction& call) {
    std::vector<callgraph::MethodId> on;
    for (const std::string& k : enabled_.At(EnabledTargets::SiteKey(caller, call))) {
      if (std::optional<callgraph::MethodId> id = Target::MethodOfKey(k)) on.push_back(std::move(*id));
    }
    return std::optional<std::vector<callgraph::MethodId>>(std::move(on));
  };
  partial_mod_sets_ = std::make_unique<callgraph::ModSets>(h_, method_cache_, o);
  partial_forward_mods_ = std::make_unique<ForwardModSets>(forward_, *partial_mod_sets_);
}

// Whether mod-set `mods` names the field map, array map or static `x`.
bool WpProblem::writes_term(const callgraph::ModSet& mods, Term x) const {
  static constexpr char kKindChar[] = {'B', 'B', 'C', 'S', 'I', 'J', 'F', 'D', 'L'};
  if (x.is(logic::TermKind::kFieldConst)) {
    logic::MemberRef f = tm_.field_info(x);
    return mods.WritesField(f.owner, f.name, f.descriptor);
  }
  if (x.is(logic::TermKind::kArrayConst)) {
    return mods.WritesArray(kKindChar[static_cast<int>(tm_.array_kind(x))]);
  }
  if (const Vocabulary::StaticField* sf = vocab_.static_field_of(x)) {
    return mods.WritesStatic(sf->owner, sf->name, sf->descriptor);
  }
  return false;
}

const std::vector<std::string>& WpProblem::exact_types(int32_t act) {
  Activation& a = acts_[act];
  if (!a.exact) a.exact = callgraph::ExactTypes(h_, *a.ir, a.context);
  return *a.exact;
}

const ir::MethodIR* WpProblem::only_target_ir(const ir::Instruction& call) {
  std::string why;
  std::vector<Target>* all = targets(call, &why);
  if (all == nullptr || all->size() != 1 || (*all)[0].native) return nullptr;
  Target& t = (*all)[0];
  return ensure_ir(t, &why) ? t.ir.get() : nullptr;
}

// The arguments (operand positions, the receiver first) that the minterm
// `post` at the exceptional exit of call `call` says are null. The callee
// is searched with its formals for them null: a formal is one SSA value
// throughout the callee, so the literal holds at every point of it, and
// every path that dereferences the argument is dropped at once instead of
// after the whole callee (a NullPointerException that a null argument
// raises inside the callee: FindBugs' NP_NULL_PARAM_DEREF, goals npe-arg).
// The positions are part of the summary's key.
std::vector<size_t> WpProblem::null_arguments(int32_t caller_act, ir::InsnId call, const Minterm& post) {
  std::vector<size_t> out;
  if (post.is_true()) return out;
  Transformer& ctr = *acts_[caller_act].tr;
  const ir::Instruction& in = acts_[caller_act].ir->insns[call];
  for (size_t i = 0; i < in.operands.size(); ++i) {
    Term a = ctr.var(in.operands[i]);
    if (a.sort().is_ref() && post.contains(tm_.mk_eq(a, tm_.mk_null()))) out.push_back(i);
  }
  return out;
}

// A minterm at a callee's exit (normal or exceptional) for one call site:
// its dependent part enters the callee's summary for that part (created on
// first use), the call site waits on it, and every precondition the summary
// already has is applied at once.
void WpProblem::enter_summary(const Item& item, const Target& t, int32_t caller_act,
                                ir::InsnId call, uint32_t depth, bool exceptional,
                                const Minterm& post) {
  // The exact types the call passes: the callee's mod-set in that context
  // frames more, and its calls' mod-sets inherit them (so they are part of
  // the summary's key).
  std::vector<std::string> context =
      callgraph::CallContext(acts_[caller_act].ir->insns[call], exact_types(caller_act));
  // (The rows that need the receiver's exact class are constructors: an
  // instance method's first operand is its receiver.)
  const bool returns_normally = models::ReturnsNormally(t.key(), context.empty() ? "" : context[0]);
  if (exceptional && returns_normally) return;  // no exceptional path
  const bool on_non_null = !returns_normally && models::ReturnsNormallyWithNonNullArguments(t.key());
  // Forward facts prune inside this context: what they say of it and of
  // the contexts it calls is part of the key, and what it may write is
  // what its reached blocks write.
  Activation probe;
  probe.ir = t.ir;
  inherit_facts(probe, caller_act, call);
  FrameSplit split;
  std::function<bool(Term)> may_write;
  std::string no_frame, partial;
  if (writes_of(t, context, probe.facts != nullptr ? &probe.cs : nullptr, &may_write, &no_frame, &partial)) {
    split = SplitAtCall(tm_, post, may_write, opt_.generalize);
  } else {
    split.dependent = post;
  }
  // An optimistic minterm's callee is analysed optimistically too (its
  // costly calls passed): the marker goes into the summary's key, so the
  // exact minterms' summaries stay apart (optimistic.cc).
  if (is_optimistic(post) && !split.dependent.contains(marker_)) {
    split.dependent = logic::conjoin(tm_, split.dependent, marker_);
    split.framed = logic::remove_literal(tm_, split.framed, marker_);
  }
  const Minterm& dependent = split.dependent;
  // (Not on a partial mod-set: the callee's skipped sides are not run.)
  if (!exceptional && (returns_normally || on_non_null) && partial.empty() && frames_whole(t, dependent)) {
    frame_whole_call(item, t, caller_act, call, split.framed, is_optimistic(dependent), on_non_null);
    return;
  }
  JWP_CHECK(only_canonical_generics(tm_, dependent),
            Cat("the key of a summary of ", t.key(), " names a call site's generics: ", logic::to_java(tm_, dependent)));
  const std::vector<size_t> nulls = exceptional ? null_arguments(caller_act, call, post) : std::vector<size_t>();
  std::string key = Cat(t.owner, ".", t.name, t.descriptor, exceptional ? " E " : " N ",
                        dependent.is_true() ? 0 : dependent.term().id() + 1);
  if (!context.empty()) key += Cat(" [", absl::StrJoin(context, ","), "]");
  if (probe.facts != nullptr) key += Cat(" @", probe.facts->facts_id);
  if (!nulls.empty()) key += Cat(" null(", absl::StrJoin(nulls, ","), ")");
  const auto [sid, inserted] = summaries_.FindOrCreate(key);
  const std::string callee_name = Cat(dotted(t.owner), ".", t.name, t.descriptor);
  SummaryCount& count = ph_.summary_counts[callee_name];
  if (inserted) {
    if (tracing()) {
      const std::string text = trace_text(dependent);
      auto unknown_as_mark = [](std::string* out, const std::string& c) { out->append(c.empty() ? "?" : c); };
      std::string types;
      if (!context.empty()) types = Cat(" with exact types (", absl::StrJoin(context, ", ", unknown_as_mark), ")");
      opt_.trace(Cat("phase ", phase_, ": summary of ", dotted(t.owner), ".", t.name, t.descriptor,
                     exceptional ? " (exceptional exit)" : "", types,
                     no_frame.empty() ? "" : Cat(" (nothing framed: the mod-set is unknown: ", no_frame, ")"),
                     partial.empty() ? "" : Cat(" (framed with the enabled targets only: ", partial, ")"),
                     " for ", text));
    }
    Activation callee;
    callee.ir = t.ir;
    callee.ns = vocab_.fresh_namespace();
    callee.tr = std::make_unique<Transformer>(vocab_, *t.ir, callee.ns, &types_);
    callee.dom = dominators(*t.ir);
    callee.depth = depth;
    callee.order_depth = order_depth_of_callee(caller_act, call, exceptional);
    callee.summary = sid;
    callee.context = std::move(context);
    callee.facts = probe.facts;
    callee.cs = std::move(probe.cs);
    callee.name = callee_name;  // the target, also when a method model is analysed for it
    ph_.methods_seen.insert(t.ir->QualifiedName());
    acts_.push_back(std::move(callee));
    summaries_.at(sid).data.act = static_cast<int32_t>(acts_.size()) - 1;
    ++ph_.result.stats.summaries_created;
    ++ph_.result.stats.calls_entered;
    ++count.created;
    if (dependent.is_true()) ++count.trivial;
  } else {
    ++ph_.result.stats.summaries_reused;
    Summary& kept = summaries_.at(sid);
    if (kept.kept) ++ph_.result.stats.summaries_kept_reused;
    if (kept.kept && kept.data.counted_in_phase != phase_) {
      // Per phase, a kept summary counts as if this phase had made it.
      kept.data.counted_in_phase = phase_;
      ph_.methods_seen.insert(t.ir->QualifiedName());
      ++count.created;
      if (dependent.is_true()) ++count.trivial;
    } else {
      ++count.reused;
    }
  }
  if (const int32_t caller_summary = acts_[caller_act].summary; caller_summary >= 0) {
    summaries_.AddCallee(caller_summary, sid);
  }
  if (!partial.empty()) ++ph_.result.stats.partial_frames;
  const Waiter w{caller_act, call,      split.framed, std::move(split.canonical), item.loops,
                 item.path,  item.site, item.assume,  !partial.empty()};
  const std::vector<SummaryPre> ends = summaries_.AddCaller(sid, w);
  if (inserted) {
    const Activation& b = acts_[summaries_.at(sid).data.act];
    const ir::BlockId start = exceptional ? b.ir->exceptional_exit : b.ir->exit;
    const int32_t line = acts_[caller_act].ir->insns[call].line;
    Minterm at_exit = dependent;
    for (size_t i : nulls) {
      if (i >= b.ir->params.size()) continue;
      const Term formal = b.tr->var(b.ir->params[i]);
      if (formal.sort().is_ref()) at_exit = logic::conjoin(tm_, at_exit, tm_.mk_eq(formal, tm_.mk_null()));
    }
    push(Point{summaries_.at(sid).data.act, start, 0}, at_exit, item.loops, item.path, item.site, line, -1);
  } else {
    for (const SummaryPre& pre : ends) apply_summary(summaries_.at(sid), pre, w);
  }
}

// Activation::order_depth of a callee entered at `call` of activation
// `caller`: one below the caller's, or the caller's own for a cheap
// callee's normal return or throw (an argument check's).
uint32_t WpProblem::order_depth_of_callee(int32_t caller, ir::InsnId call, bool exceptional) {
  const uint32_t at = acts_[caller].order_depth;
  return cheap_call(acts_[caller].ir->insns[call], exceptional) ? at : at + 1;
}

// Whether a call of `t`, which returns normally for every argument and
// terminates (models/returns_normally.def), needs nothing of the callee at
// its normal exit: the dependent part (what the callee may write or return)
// says nothing but that its result is not null, which every return of it
// makes true (absint/non_null_returns.h). Then its precondition is `true`:
// the postcondition holds before the call exactly when after it.
bool WpProblem::frames_whole(const Target& t, const Minterm& dependent) {
  const Term ret_non_null = tm_.mk_ne(tm_.ret(logic::Sort::Ref()), tm_.mk_null());
  for (Term lit : dependent) {
    if (lit == marker_) continue;
    if (lit == ret_non_null && vocab_.returns_non_null(callgraph::MethodId(t.owner, t.name, t.descriptor))) continue;
    return false;
  }
  return true;
}

// The frame rule for the whole postcondition (frames_whole): the framed
// part (and the optimistic marker) continues just before the call, with the
// receiver non-null and the dispatch to `t` (and, `non_null_arguments`,
// every reference argument non-null), as a summary whose only precondition
// is `true` (or those arguments non-null) would give, without entering `t`.
void WpProblem::frame_whole_call(const Item& item, const Target& t, int32_t caller_act, ir::InsnId call_insn,
                                   const Minterm& framed, bool optimistic, bool non_null_arguments) {
  const std::shared_ptr<const ir::MethodIR> cir = acts_[caller_act].ir;
  const ir::Instruction& call = cir->insns[call_insn];
  Transformer& ctr = *acts_[caller_act].tr;
  std::vector<Term> conds = dispatch_conditions(call, ctr, t.owner, t.name, t.descriptor);
  if (non_null_arguments) {
    for (ir::ValueId v : call.operands) {
      if (Term a = ctr.var(v); a.sort().is_ref()) conds.push_back(tm_.mk_ne(a, tm_.mk_null()));
    }
  }
  if (!framed.is_true()) conds.push_back(framed.term());
  if (optimistic) conds.push_back(marker_);
  ++ph_.result.stats.calls_framed_whole;
  push_before_call(item, caller_act, call_insn, conds, /*eliminate_generics=*/true, nullptr);
}

// At a summary activation's entry: a new precondition of the summary,
// applied at every call site waiting on it.
void WpProblem::summary_entry(const Item& item) {
  const int32_t sid = acts_[item.at.act].summary;
  SummaryPre pre{item.phi, {}};
  for (int32_t n = item.assume; n >= 0; n = assume_nodes_[n].parent) {
    pre.assumptions.insert(pre.assumptions.begin(), assume_nodes_[n].text);
  }
  // An end that a weaker one already recorded covers is not applied again.
  const std::vector<Waiter> callers = summaries_.AddEnd(
      sid, pre, [](const SummaryPre& old, const SummaryPre& end) { return old.psi.subsumes(end.psi); });
  for (const Waiter& w : callers) apply_summary(summaries_.at(sid), pre, w);
}

void WpProblem::apply_summary(const Summary& sm, const SummaryPre& pre, const Waiter& w) {
  // The summary's generics renamed to the call site's, conjoined with the
  // framed literals (the frame rule), the site's generics eliminated.
  // The framed literals are the caller's: they are conjoined after the
  // formals are replaced (in a recursive call the callee's namespace is
  // the caller's own).
  Item at_entry{Point{sm.data.act, 0, 0}, fresh_skolems(RenameGenerics(tm_, pre.psi, w.canonical), w.framed),
                w.loops, 0, w.path, w.site, w.assume};
  for (int32_t text : pre.assumptions) at_entry.assume = assume(at_entry.assume, assumption_texts_[text]);
  const Activation& b = acts_[sm.data.act];
  // A partial frame holds on the paths through the enabled targets only:
  // through a skipped side, a target not yet enabled may have written
  // what the framed literals read. The minterm keeps the skolems of that
  // side (no precondition, only a demand for its targets), so havocking
  // what they read, as that skipped call does, loses nothing but keeps
  // every path it stands for. (They stay: some bind the call site's
  // generics, which push_at_call_site eliminates.)
  if (const uint32_t side = w.partial_frame ? skipped_side_of(pre.psi) : Step::kNoSite; side != Step::kNoSite) {
    ++ph_.result.stats.partial_frames_havocked;
    const Minterm framed = with_heap_havocked(w.framed, side);
    push_at_call_site(at_entry, *b.ir, *b.tr, w.caller_act, w.call, &framed);
    return;
  }
  push_at_call_site(at_entry, *b.ir, *b.tr, w.caller_act, w.call, &w.framed);
}

uint32_t WpProblem::skipped_side_of(const Minterm& psi) const {
  if (psi.is_true() || psi.is_false() || !psi.term().has(logic::kHasSkolem)) return Step::kNoSite;
  for (Term v : logic::free_variables(psi)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role == logic::VarRole::kSkolem && directed_.IsSite(info.site)) return info.site;
  }
  return Step::kNoSite;
}

// As a skipped call havocs what a postcondition mentions (Transformer::
// skipped_call): each field map but lengths, each array map, each static.
// The literals stay (those that bind the call site's generics among them).
Minterm WpProblem::with_heap_havocked(const Minterm& framed, uint32_t site) {
  if (framed.is_true() || framed.is_false()) return framed;
  const Term phi = framed.formula(tm_);
  logic::Substitution s(tm_);
  HavocHeap(tm_, vocab_, phi, site, [](Term) { return true; }, &s);
  return s.empty() ? framed : Minterm::from_term(s.apply(phi));
}

// A summary's skolems (the results and effects of natives and skipped calls
// inside the callee) stand for one execution of the callee: every
// application gets its own, or two calls of a method returning
// System.nanoTime() would agree. The vocabulary's global skolems (static
// finals, the current thread) are the same in every execution and stay, as
// does the optimistic marker (optimistic.cc), and so do the caller's own: those of the call site's framed part. They also
// enter the summary when a literal goes into the callee whole (without
// generalization; the in-flight exception's literals), and must stay the
// same skolems in both parts.
Minterm WpProblem::fresh_skolems(const Minterm& m, const Minterm& framed) {
  if (m.is_true() || m.is_false() || !m.term().has(logic::kHasSkolem)) return m;
  absl::flat_hash_set<Term> callers;
  if (!framed.is_true() && !framed.is_false()) {
    for (Term v : logic::free_variables(framed)) callers.insert(v);
  }
  logic::Substitution s(tm_);
  // A skolem `about` another that is renamed (an input's position, about
  // its value: wp/inputs.cc) is about the new one: renamed after it.
  absl::flat_hash_map<Term, Term> renamed;
  std::vector<Term> later;
  for (Term v : logic::free_variables(m)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role != logic::VarRole::kSkolem || vocab_.is_global(v) || callers.contains(v) || v == marker_) continue;
    if (!info.about.is_null() && info.about.is_var()) {
      later.push_back(v);
      continue;
    }
    const Term fresh = tm_.fresh_skolem(info.skolem_kind, info.sort, info.site, info.about);
    renamed.emplace(v, fresh);
    s.add(v, fresh);
  }
  for (Term v : later) {
    const logic::VarInfo& info = tm_.var_info(v);
    auto it = renamed.find(info.about);
    s.add(v, tm_.fresh_skolem(info.skolem_kind, info.sort, info.site, it == renamed.end() ? info.about : it->second));
  }
  return s.empty() ? m : s.apply(m);
}

// At a callee's entry: back to the call site, formals replaced by actuals,
// the receiver non-null and the dispatch to this callee assumed.
void WpProblem::return_to_caller(const Item& item) {
  const Activation& b = acts_[item.at.act];
  push_at_call_site(item, *b.ir, *b.tr, b.caller, b.call);
}

// A non-null receiver and, for virtual and interface calls, the dispatch of
// `call` to owner.name(descriptor).
std::vector<Term> WpProblem::dispatch_conditions(const ir::Instruction& call, Transformer& caller,
                                                   std::string_view owner, std::string_view name,
                                                   std::string_view descriptor) {
  std::vector<Term> conds;
  if (call.invoke == ir::InvokeKind::kStatic || call.operands.empty()) return conds;
  Term recv = caller.var(call.operands[0]);
  conds.push_back(tm_.mk_ne(recv, tm_.mk_null()));
  if (call.invoke == ir::InvokeKind::kVirtual || call.invoke == ir::InvokeKind::kInterface) {
    // With one class-hierarchy target, every receiver the verifier admits
    // dispatches to it: the literal would say nothing. Not so for an
    // interface call, where a lambda class made later may be the receiver.
    std::string why;
    const std::vector<Target>* all = targets(call, &why);
    if (all != nullptr && all->size() == 1 && call.invoke == ir::InvokeKind::kVirtual) return conds;
    Term receiver_type = tm_.mk_type_of(recv);
    Term dispatch = tm_.mk_dispatch(receiver_type, tm_.mk_signature(call.owner, call.name, call.descriptor));
    conds.push_back(tm_.mk_eq(dispatch, tm_.mk_method(owner, name, descriptor)));
  }
  return conds;
}

// A minterm at the entry of `callee` (in `callee_tr`'s namespace) continues
// in the caller just before `call_insn`: formals replaced by actuals, the
// receiver non-null and the dispatch to `callee` assumed.
void WpProblem::push_at_call_site(const Item& item, const ir::MethodIR& callee,
                                    Transformer& callee_tr, int32_t caller_act,
                                    ir::InsnId call_insn, const Minterm* framed) {
  const std::shared_ptr<const ir::MethodIR> cir = acts_[caller_act].ir;
  Transformer& ctr = *acts_[caller_act].tr;
  const ir::Instruction& call = cir->insns[call_insn];
  logic::Substitution s(tm_);
  for (size_t i = 0; i < callee.params.size() && i < call.operands.size(); ++i) {
    Term param = callee_tr.var(callee.params[i]);
    s.add(param, ctr.var(call.operands[i]));
  }
  std::vector<Term> conds = dispatch_conditions(call, ctr, callee.class_name, callee.method_name,
                                                callee.method_descriptor);
  conds.push_back(s.apply(item.phi.is_true() ? tm_.mk_true() : item.phi.term()));
  if (framed != nullptr && !framed->is_true()) conds.push_back(framed->term());
  // The call site's generics (generalization) are eliminated where an
  // equation defines them.
  const Left left{&callee, callee_tr.ns()};
  push_before_call(item, caller_act, call_insn, conds, /*eliminate_generics=*/framed != nullptr,
                   callee_tr.ns() == ctr.ns() ? nullptr : &left);
}

// The conjunction `conds` continues in the caller just before `call_insn`,
// a minterm per disjunct. `left` (when not null) is the callee the minterm
// came out of: none of its variables may remain.
void WpProblem::push_before_call(const Item& item, int32_t caller_act, ir::InsnId call_insn,
                                   const std::vector<Term>& conds, bool eliminate_generics, const Left* left) {
  const std::shared_ptr<const ir::MethodIR> cir = acts_[caller_act].ir;
  const ir::Instruction& call = cir->insns[call_insn];
  count_step(caller_act);
  auto dnf = logic::to_dnf(tm_, tm_.mk_and(conds), 4096);
  if (!dnf.ok()) {
    note("incomplete: too many disjuncts");
    return;
  }
  const ir::Block& blk = cir->blocks[call.block];
  const int32_t k = static_cast<int32_t>(
      std::find(blk.insns.begin(), blk.insns.end(), call_insn) - blk.insns.begin());
  for (const Minterm& m : *dnf) {
    // At the activation boundary the callee's variables are gone: its
    // formals became the actuals, and no other value of it is live at its
    // entry (a recursive call's summary may share its caller's namespace).
    JWP_DCHECK(left == nullptr || !mentions_namespace(tm_, m, left->ns),
               Cat("a minterm leaves ", left->method->QualifiedName(), " with its variables: ", logic::to_java(tm_, m)));
    push(Point{caller_act, call.block, k}, eliminate_generics ? EliminateGenerics(tm_, m) : m, item.loops,
         item.path, item.site, call.line, item.assume);
  }
}

// Is this activation (on the way up) the entry? The method named by
// --entry, else any public method.
bool WpProblem::is_entry(const ir::MethodIR& m) const {
  if (!opt_.entry.empty()) return IsNamedEntry(m, opt_.entry);
  return m.method != nullptr && (m.method->access_flags & classfile::access::kPublic);
}

const std::vector<callgraph::CallSiteRef>& WpProblem::callers_of(const ir::MethodIR& m) {
  const std::string me = m.QualifiedName();
  auto it = callers_.find(me);
  if (it == callers_.end()) {
    callgraph::MethodId id(m.class_name, m.method_name, m.method_descriptor);
    it = callers_.emplace(me, callgraph::FindCallers(h_, method_cache_, id)).first;
  }
  return it->second;
}

bool WpProblem::leads_to_entry(const std::string& method) {
  if (opt_.entry.empty()) return true;
  if (!toward_entry_done_) {
    toward_entry_done_ = true;
    EntryChains chains = FindEntryChains(
        goal_.ir, opt_.max_caller_depth, [this](const ir::MethodIR& m) { return is_entry(m); },
        [this](const ir::MethodIR& m) { return callers_of(m); }, method_cache_);
    toward_entry_cut_ = chains.cut_at_depth;
    if (chains.complete) toward_entry_ = std::move(chains.on_chain);
  }
  return !toward_entry_ || toward_entry_->contains(method);
}

// At the entry of a method that is not the entry: continue at each call
// site that may call it, in a fresh activation of the caller (with a named
// entry, only in callers on a chain up to it).
void WpProblem::go_up(const Item& item) {
  const std::shared_ptr<const ir::MethodIR> bir = acts_[item.at.act].ir;
  Transformer* const btr = acts_[item.at.act].tr.get();
  const uint32_t up = acts_[item.at.act].up;
  const uint32_t recursion = acts_[item.at.act].recursion;
  const std::string me = bir->QualifiedName();
  const std::vector<callgraph::CallSiteRef> sites = callers_of(*bir);
  if (sites.empty()) {
    note(Cat("no caller of ", dotted(me), " on the class path", opt_.entry.empty() ? "" : Cat(" leads to ", opt_.entry)));
  }
  for (const callgraph::CallSiteRef& site : sites) {
    auto cir = method_cache_.Get(site.caller);
    if (!cir.ok()) {
      note(Cat("incomplete: caller ", site.caller.ToString(), ": ", cir.status().message()));
      continue;
    }
    // Callers by levels: a caller already on the way up (the method's own
    // recursive call, a cycle of callers) is the same level (a recursion of
    // n calls above the goal is no n levels of callers), bounded by
    // kMaxRecursionUp such steps in a row.
    const std::string caller_name = (*cir)->QualifiedName();
    bool recursive = false;
    for (int32_t b = item.at.act; b >= 0 && !recursive; b = acts_[b].below) {
      recursive = acts_[b].ir->QualifiedName() == caller_name;
    }
    if (recursive ? recursion + 1 > kMaxRecursionUp : up + 1 > opt_.max_caller_depth) {
      note(recursive ? Cat("budget: more than ", kMaxRecursionUp, " recursive calls above the goal, up to ", dotted(me))
                     : Cat("budget: no entry within ", opt_.max_caller_depth, " levels of callers above ", dotted(me)));
      continue;
    }
    if (!leads_to_entry(caller_name)) {
      // Left out: no chain of callers within the depth leads from it to the
      // entry. When the walk stopped at the depth, a longer one may: not
      // an exhaustive search.
      if (toward_entry_cut_) {
        note(Cat("budget: no chain of callers within ", opt_.max_caller_depth, " levels (--max-caller-depth) leads from ",
                 opt_.entry, " to ", dotted(me)));
      }
      continue;
    }
    learn_lambdas(**cir);
    Activation caller;
    caller.ir = *cir;
    caller.ns = vocab_.fresh_namespace();
    caller.tr = std::make_unique<Transformer>(vocab_, **cir, caller.ns, &types_);
    caller.dom = dominators(**cir);
    caller.up = recursive ? up : up + 1;
    caller.recursion = recursive ? recursion + 1 : 0;
    caller.below = item.at.act;
    ph_.methods_seen.insert((*cir)->QualifiedName());
    acts_.push_back(std::move(caller));
    push_at_call_site(item, *bir, *btr, static_cast<int32_t>(acts_.size()) - 1, site.insn);
  }
}

bool Target::skipped_native(const ir::Instruction& call) const {
  return native && !native_never_throws(key()) && native_throws_only(key()).empty() && !is_array_clone(call, *this) &&
         !is_object_clone(call, *this);
}

}  // namespace jwp::wp::internal
