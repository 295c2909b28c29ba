// Optimistic calls (issue #27; EngineOptions::optimistic_calls): beside the
// exact search, a minterm passes a call that is not cheap to expand without
// entering it (PLDI'09 Section 7: "assuming some methods do not throw
// exceptions, for better performance"), as a skipped call (Section 4): its
// result is a skolem, what it may write is havocked, it returns normally.
// Such a minterm carries the marker literal: it never covers an exact one
// (Covers is literal inclusion), so the exact search loses nothing to it,
// and once optimistic it passes every costly call it meets without
// entering it (the exact minterms fork, the optimistic ones do not: the
// number of minterms grows with the calls on a path, not with their
// subsets). At the entry such a minterm, or one with skolems of calls the
// search cannot expand, is a candidate: Z3 chooses inputs (and values for
// the skolems), and the JVM (EngineOptions::confirm) runs them; only a
// candidate the JVM confirms is a FOUND, with the calls it assumed listed.
#include "wp/wp_problem.h"

#include "callgraph/format_classes.h"
#include "classfile/utf16.h"
#include "models/returns_normally.h"
#include "models/string_model.h"
#include "wp/witness_completion.h"

namespace jwp::wp::internal {

namespace {

// A cheap callee is expanded even by an optimistic minterm (a getter, a
// setter, a field test, a constructor), whose skolem would lose what the
// witness must set: at most this many instructions, targets and levels.
constexpr size_t kCheapCalleeInsns = 64;
constexpr size_t kCheapCallTargets = 4;
constexpr uint32_t kCheapCallDepth = 3;

// Whether the blocks `among` hold a cycle of normal edges: a loop, which
// the backward search unrolls once per turn, however few its instructions.
bool HasLoop(const ir::MethodIR& ir, const std::vector<bool>& among) {
  enum : uint8_t { kNew, kOnStack, kDone };
  std::vector<uint8_t> color(ir.blocks.size(), kNew);
  std::vector<std::pair<ir::BlockId, size_t>> stack;
  for (size_t root = 0; root < ir.blocks.size(); ++root) {
    if (!among[root] || color[root] != kNew) continue;
    stack.emplace_back(static_cast<ir::BlockId>(root), 0);
    color[root] = kOnStack;
    while (!stack.empty()) {
      auto& [b, next] = stack.back();
      const std::vector<ir::EdgeId>& succs = ir.blocks[b].succs;
      if (next == succs.size()) {
        color[b] = kDone;
        stack.pop_back();
        continue;
      }
      const ir::Edge& e = ir.edges[succs[next++]];
      if (e.kind == ir::EdgeKind::kException || !among[e.to]) continue;
      if (color[e.to] == kOnStack) return true;
      if (color[e.to] == kNew) {
        color[e.to] = kOnStack;
        stack.emplace_back(e.to, 0);
      }
    }
  }
  return false;
}

// `in`, in constructor `ctor`, calls a constructor on `this` (super(...)
// or this(...)).
bool IsSuperConstructorCall(const ir::MethodIR& ctor, const ir::Instruction& in) {
  return ctor.method_name == "<init>" && in.invoke == ir::InvokeKind::kSpecial && in.name == "<init>" &&
         !in.operands.empty() && !ctor.params.empty() && in.operands[0] == ctor.params[0];
}

// The inputs of a witness as text: two candidates with the same key run
// the same way on the JVM.
std::string ReplayKey(const Replay& r) {
  std::string key = Cat(r.entry_class, ".", r.entry_method, r.entry_descriptor, " ");
  if (r.receiver) key += solver::to_string(*r.receiver) + ";";
  for (const solver::WitnessValue& v : r.arguments) key += solver::to_string(v) + ",";
  for (const solver::WitnessObject& o : r.heap) {
    key += Cat(" ", o.id, ":", o.type, o.length ? Cat("[", *o.length, "]") : "", o.string_value.value_or(""),
               o.static_value ? Cat("=", *o.static_value) : "", "{");
    for (const solver::WitnessField& f : o.fields) key += Cat(f.owner, ".", f.name, "=", solver::to_string(f.value), ",");
    for (const solver::WitnessElement& e : o.elements) key += Cat(e.index, "=", solver::to_string(e.value), ",");
    key += "}";
  }
  for (const Replay::Static& st : r.statics) key += Cat(" ", st.owner, ".", st.name, "=", solver::to_string(st.value));
  for (const Replay::Property& p : r.properties) key += Cat(" -D", p.key, "=", solver::to_string(p.value));
  for (const Replay::Property& p : r.variables) key += Cat(" env:", p.key, "=", solver::to_string(p.value));
  for (const Replay::Input& x : r.inputs) key += Cat(" input", x.position, "=", solver::to_string(x.value));
  return key;
}


// How the JVM refuted a candidate, from the runner's first line ("REFUTED:
// threw java.lang.X at a/B.m line 12, expected ..."): what happened, without
// the line and what was expected.
std::string RefutationKind(std::string_view said) {
  constexpr std::string_view kRefuted = "REFUTED: ";
  if (said.starts_with(kRefuted)) said.remove_prefix(kRefuted.size());
  said = said.substr(0, said.find(", "));
  if (said.starts_with("timed out")) return "timed out";
  if (const size_t line = said.find(" line "); line != std::string_view::npos) said = said.substr(0, line);
  if (const size_t bci = said.find(" bci "); bci != std::string_view::npos) said = said.substr(0, bci);
  return std::string(said);
}

}  // namespace

// What the JVM made of the candidates it refuted, for an UNKNOWN's reason
// ("" when none was refuted): the commonest outcomes first.
std::string WpProblem::refutation_summary() const {
  if (refutations_.empty()) return "";
  std::vector<std::pair<int, std::string>> kinds;
  int all = 0;
  for (const auto& [kind, n] : refutations_) {
    kinds.emplace_back(-n, kind);
    all += n;
  }
  std::sort(kinds.begin(), kinds.end());
  std::string text = Cat("optimistic: the JVM refuted ", all, all == 1 ? " candidate (" : " candidates (");
  for (size_t i = 0; i < kinds.size() && i < 3; ++i) {
    text += Cat(i == 0 ? "" : ", ", -kinds[i].first, " ", kinds[i].second);
  }
  return text + (kinds.size() > 3 ? ", ...)" : ")");
}

// `typeOf(p) == C` (or null when it is null) for each parameter of the
// entry declared as an interface EverydayClass names
// (wp/witness_completion.h), C its everyday class, or declared Object, C
// String; and `p != null` for each reference parameter that `query` does
// not say is null: a null argument is what most often makes a passed call
// throw on the JVM (String.format of a null message), which refutes the
// candidate.
std::vector<Term> WpProblem::everyday_inputs(EntryCheck::Entry entry, const Minterm& query) {
  std::vector<Term> prefer;
  const ir::MethodIR& ir = entry.ir;
  for (size_t i = ir.is_static ? 0 : 1; i < ir.params.size(); ++i) {
    const ir::Value& val = ir.values[ir.params[i]];
    if (ir::IsReference(val.type.kind)) {
      const Term p = entry.tr.var(ir.params[i]);
      const Term is_null = tm_.mk_eq(p, tm_.mk_null());
      if (std::find(query.begin(), query.end(), is_null) == query.end()) prefer.push_back(tm_.mk_not(is_null));
    }
    const std::string_view d = val.type.descriptor;
    // A parameter declared Object: a string, whose hash and equality are
    // the same in every run (an Object's, an enum's, a StringBuilder's
    // hash is its identity's, new in each JVM, so a hash the JVM observed
    // would not hold for the next candidate's run).
    const std::string_view everyday = d == "Ljava/lang/Object;" ? std::string_view("java/lang/String")
                                      : d.size() > 2 && d[0] == 'L' ? EverydayClass(d.substr(1, d.size() - 2))
                                                                    : std::string_view();
    if (!everyday.empty() && h_.Find(everyday) != classfile::kNoClass) {
      const Term p = entry.tr.var(ir.params[i]);
      const Term type = tm_.mk_type(everyday);
      const Term is_everyday = tm_.mk_eq(tm_.mk_type_of(p), type);
      prefer.push_back(tm_.mk_or(tm_.mk_eq(p, tm_.mk_null()), is_everyday));
    }
  }
  return prefer;
}

std::vector<Term> WpProblem::input_pins(const Replay& r, EntryCheck::Entry entry) {
  const ir::MethodIR& ir = entry.ir;
  std::vector<Term> pins;
  for (size_t i = 0; i < ir.params.size(); ++i) {
    const solver::WitnessValue* v = !ir.is_static && i == 0 ? (r.receiver ? &*r.receiver : nullptr)
                                    : i - (ir.is_static ? 0 : 1) < r.arguments.size()
                                        ? &r.arguments[i - (ir.is_static ? 0 : 1)]
                                        : nullptr;
    if (v == nullptr) continue;
    const Term p = entry.tr.var(ir.params[i]);
    using Kind = solver::WitnessValue::Kind;
    if ((v->kind == Kind::kInt || v->kind == Kind::kLong || v->kind == Kind::kBool) &&
        (p.sort().is_int() || p.sort().is_long())) {
      pins.push_back(tm_.mk_eq(p, tm_.mk_integral(p.sort(), v->integral)));
    } else if (v->kind == Kind::kNull && p.sort().is_ref()) {
      pins.push_back(tm_.mk_eq(p, tm_.mk_null()));
    } else if (v->kind == Kind::kRef && p.sort().is_ref()) {
      // An object: not null, and a string's or an array's length (Z3's
      // next choice for a string input refuted as "" must not be "" again).
      auto o = std::find_if(r.heap.begin(), r.heap.end(),
                            [&](const solver::WitnessObject& x) { return x.id == v->object; });
      if (o == r.heap.end()) continue;
      pins.push_back(tm_.mk_ne(p, tm_.mk_null()));
      const Term chars = vocab_.string_chars();
      if (o->type == models::kStringClass && o->string_value && !chars.is_null()) {
        const size_t units = classfile::Utf16(*o->string_value).size();
        const Term n = tm_.mk_int(static_cast<int32_t>(units));
        pins.push_back(tm_.mk_eq(tm_.mk_length(tm_.mk_read(chars, p)), n));
      } else if (o->length) {
        const Term n = tm_.mk_int(*o->length);
        pins.push_back(tm_.mk_eq(tm_.mk_length(p), n));
      }
    }
  }
  return pins;
}

// The values of the input methods' calls (wp/inputs.cc) that witness `r`
// gives, as pins: `s == v` for each input whose position `query` fixes (a
// literal k == c of its position skolem k, which is about s).
void WpProblem::input_method_pins(const Replay& r, const Minterm& query, std::vector<Term>* pins) {
  if (r.inputs.empty() || query.is_true() || query.is_false()) return;
  using Kind = solver::WitnessValue::Kind;
  for (Term lit : query) {
    if (!lit.is(logic::TermKind::kEq)) continue;
    Term k = lit.arg(0), c = lit.arg(1);
    if (!k.is_var()) std::swap(k, c);
    if (!k.is_var() || !c.is(logic::TermKind::kConst) || !c.sort().is_int()) continue;
    const logic::VarInfo& info = tm_.var_info(k);
    const Vocabulary::InputSite* site =
        info.role == logic::VarRole::kSkolem ? vocab_.input_of_site(info.site) : nullptr;
    if (site == nullptr || !site->position || info.about.is_null()) continue;
    const Term s = info.about;
    auto in = std::find_if(r.inputs.begin(), r.inputs.end(),
                           [&](const Replay::Input& x) { return x.position == c.integral_value(); });
    if (in == r.inputs.end()) continue;
    if ((in->value.kind == Kind::kInt || in->value.kind == Kind::kLong || in->value.kind == Kind::kBool) &&
        (s.sort().is_int() || s.sort().is_long())) {
      const Term v = tm_.mk_integral(s.sort(), in->value.integral);
      pins->push_back(tm_.mk_eq(s, v));
    } else if (in->value.kind == Kind::kNull && s.sort().is_ref()) {
      pins->push_back(tm_.mk_eq(s, tm_.mk_null()));
    } else if (in->value.kind == Kind::kRef && s.sort().is_ref()) {
      pins->push_back(tm_.mk_ne(s, tm_.mk_null()));
    }
  }
}

// A clause no witness with the same integral parameters, null parameters
// and lengths of string and array parameters as `r` satisfies: the
// candidate re-solved with it asks Z3 for other inputs. Null when `r` pins
// nothing it could exclude.
Term WpProblem::other_inputs(const Replay& r, EntryCheck::Entry entry, const Minterm& query) {
  std::vector<Term> differs;
  std::vector<Term> pins = input_pins(r, entry);
  input_method_pins(r, query, &pins);
  for (Term pin : pins) differs.push_back(tm_.mk_not(pin));
  return differs.empty() ? Term() : tm_.mk_or(differs);
}

Term WpProblem::optimistic_marker() {
  if (marker_.is_null()) {
    const uint32_t site = vocab_.call_site("optimistic: a call was passed without entering it", "optimistic-marker");
    marker_ = tm_.fresh_skolem(logic::SkolemKind::kOther, logic::Sort::Bool(), site);
  }
  return marker_;
}

bool WpProblem::is_optimistic(const Minterm& m) const {
  return !marker_.is_null() && !m.is_true() && !m.is_false() && m.contains(marker_);
}

// Whether expanding the call is cheap: every target a native the table
// assumes, or a method (or method model) of a few instructions and no loop
// whose own calls are cheap (a getter, a constructor up to Object's, an
// argument check), at most kCheapCallDepth levels down; of a target, only
// the blocks from which it can return normally count. A loop is never
// cheap: the search unrolls it (System.arraycopy's model, a StringBuilder
// append of a number).
bool WpProblem::cheap_call(const ir::Instruction& call, bool exceptional) {
  return cheap_call_height(call, exceptional) >= 0;
}

// How many levels of calls below `call` expanding it enters (0: its
// targets call nothing but models and assumed natives), or -1 when it is
// not cheap at any depth: independent of where it is asked from, so the
// answer is memoized once.
int WpProblem::cheap_call_height(const ir::Instruction& call, bool exceptional) {
  const std::string key =
      Cat(call.owner, ".", call.name, call.descriptor, " ", static_cast<int>(call.invoke), exceptional ? " throws" : "");
  if (auto it = cheap_calls_.find(key); it != cheap_calls_.end()) return it->second;
  std::string why;
  std::vector<Target>* all = targets(call, &why);
  if (all == nullptr) return 0;  // not expandable: skipped either way
  cheap_calls_[key] = -1;        // a recursive call is not cheap
  bool cheap = !truncated(all) && all->size() <= kCheapCallTargets && lambda_targets(call).empty();
  int height = 0;
  for (size_t i = 0; cheap && i < all->size(); ++i) {
    Target& t = (*all)[i];
    if (t.native) {
      if (t.skipped_native(call)) {
        // Skipped either way (checked_targets), as a call that does not
        // resolve: no expansion to weigh.
        cheap_calls_[key] = 0;
        return 0;
      }
      const models::NativeFacts* f = models::FindNativeFacts(t.key());
      cheap = f != nullptr && f->never_throws;  // assumed by the table, exactly
      continue;
    }
    if (!ensure_ir(t, &why)) {
      cheap = false;
      continue;
    }
    // Only what a normal return executes counts: an argument check's
    // throwing branch (its exception's constructor, the message it
    // formats) is never entered by the minterm that passes the call. For
    // its exceptional exit, what a throw executes.
    const std::vector<bool> returns =
        exceptional ? ir::BlocksReachingExceptionalExit(*t.ir) : ir::BlocksReachingNormalExit(*t.ir);
    if (HasLoop(*t.ir, returns)) {
      cheap = false;
      continue;
    }
    size_t insns = 0;
    for (size_t bi = 0; cheap && bi < t.ir->blocks.size(); ++bi) {
      const ir::Block& b = t.ir->blocks[bi];
      if (!returns[b.id]) continue;
      insns += b.insns.size();
      for (ir::InsnId id : b.insns) {
        const ir::Instruction& in = t.ir->insns[id];
        if (in.op != ir::Op::kInvoke) continue;
        // The JDK's exception constructors and the like (models/returns_normally.def)
        // are framed whole, never entered, on an object just made of
        // exactly their class (not as a subclass constructor's super()).
        const bool framed = in.invoke == ir::InvokeKind::kSpecial && in.name == "<init>" && !in.operands.empty() &&
                            in.operands[0] >= 0 && t.ir->def(in.operands[0]).op == ir::Op::kNew &&
                            t.ir->def(in.operands[0]).type == in.owner &&
                            models::ReturnsNormally(Cat(in.owner, ".", in.name, in.descriptor), in.owner);
        const int below = framed ? 0 : in.invoke == ir::InvokeKind::kDynamic ? -1 : cheap_call_height(in);
        // A constructor's call of its superclass's constructor is no level
        // of its own: a constructor chain is one step.
        const int level = below + (IsSuperConstructorCall(*t.ir, in) ? 0 : 1);
        if (below < 0 || level > static_cast<int>(kCheapCallDepth)) {
          cheap = false;
          break;
        }
        height = std::max(height, level);
      }
    }
    if (insns > kCheapCalleeInsns) cheap = false;
  }
  cheap_calls_[key] = cheap ? height : -1;
  return cheap_calls_[key];
}

// The call at the end of edge `eid`'s source, when an optimistic minterm
// passes it: a normal return from a call that is not cheap.
bool WpProblem::passes_optimistically(const Item& item, ir::EdgeId eid) {
  if (!optimistic_) return false;
  const ir::MethodIR& ir = *acts_[item.at.act].ir;
  const ir::Edge& e = ir.edges[eid];
  if (e.kind == ir::EdgeKind::kException) return false;
  const ir::Instruction& call = ir.insns[ir.blocks[e.from].insns.back()];
  // (An input or assumption is exact as it is: wp/inputs.cc.)
  if (opt_.inputs.Classify(call.owner, call.name, call.descriptor) != callgraph::InputMethods::Kind::kNone) return false;
  return !cheap_call(call) && !expanded_sites_.contains(PassedSite(ir, call)) &&
         !expanded_callees_.contains(Cat(call.owner, ".", call.name));
}

// Whether the queued candidate `item` passed a call the JVM has since seen
// throw (refine): it would fail as its sibling did.
bool WpProblem::passed_a_throwing_call(const Item& item) const {
  for (int32_t n = item.assume; n >= 0; n = assume_nodes_[n].parent) {
    auto it = passed_calls_.find(n);
    if (it != passed_calls_.end() &&
        (expanded_sites_.contains(it->second.first) || expanded_callees_.contains(it->second.second))) {
      return true;
    }
  }
  return false;
}

// A passed call's site as the runner's stack names its caller frame.
std::string WpProblem::PassedSite(const ir::MethodIR& ir, const ir::Instruction& call) {
  return Cat(ir.class_name, ".", ir.method_name, ":", call.line);
}

// A candidate the JVM refuted by an exception: each frame below the throw
// that is a call the search passed threw (it did not return normally).
// From then on that call is expanded, and the minterms that passed it are
// stepped again to expand it (the refinement of a refuted candidate).
// The method a frame was executing, as calls name their callee
// ("pkg/C.m"): a callee that threw is expanded at every site that calls it
// through the same class.
void WpProblem::refine(const std::vector<EngineOptions::Confirmation::Frame>& stack) {
  for (size_t k = 1; k < stack.size(); ++k) {
    const std::string site = Cat(stack[k].class_name, ".", stack[k].method, ":", stack[k].line);
    if (!ph_.passed.contains(site) || expanded_sites_.contains(site)) continue;
    const std::string callee = Cat(stack[k - 1].class_name, ".", stack[k - 1].method);
    expanded_sites_.insert(site);
    expanded_callees_.insert(callee);
    ++ph_.result.stats.candidate_refinements;
    if (tracing()) {
      opt_.trace(Cat("candidate refined: ", callee, " threw on the JVM, called at ", site, ": expanded from now on"));
    }
    // The minterms that passed it are stepped again, to expand it.
    for (auto it = ph_.passed.begin(); it != ph_.passed.end();) {
      const std::vector<PassedItem>& items = it->second;
      const bool again = it->first == site || std::any_of(items.begin(), items.end(), [&](const PassedItem& p) {
                           return p.callee == callee;
                         });
      if (!again) {
        ++it;
        continue;
      }
      for (PassedItem& p : it->second) {
        Item item = p.item;
        if (!is_optimistic(item.phi)) item.phi = logic::conjoin(tm_, item.phi, optimistic_marker());
        item.seq = seq_++;
        ph_.tabulation->Schedule(std::move(item));
      }
      ph_.passed.erase(it++);
    }
  }
}

// What the call at `call_id` of activation `act` may write, over all its
// targets (their mod-sets, natives taken to write nothing, and no inputs
// read: a candidate's frame need not be sound, only likely, since the JVM
// checks it); null when
// a target's is unknown (then everything is havocked).
std::function<bool(Term)> WpProblem::passed_call_writes(int32_t act, ir::InsnId call_id) {
  const ir::Instruction& call = acts_[act].ir->insns[call_id];
  std::string why;
  std::vector<Target>* all = targets(call, &why);
  if (all == nullptr || truncated(all) || !lambda_targets(call).empty()) return nullptr;
  ensure_mod_sets();
  const std::vector<std::string> context = callgraph::CallContext(call, exact_types(act));
  std::vector<const callgraph::ModSet*> mods;
  for (const Target& t : *all) {
    if (t.native) continue;
    const callgraph::ModSet& m = mod_sets_->Of(callgraph::MethodId(t.owner, t.name, t.descriptor), context);
    if (m.top) return nullptr;
    mods.push_back(&m);
  }
  // Nor does a passed call read inputs (the count of inputs read keeps its
  // value): the positions then stay numbers the runner counts, and a call
  // that did read some shifts them, which the run shows.
  const Term read = vocab_.inputs_read();
  return [this, mods, read](Term x) {
    if (x == read) return false;
    return std::any_of(mods.begin(), mods.end(), [&](const callgraph::ModSet* m) { return writes_term(*m, x); });
  };
}

void WpProblem::pass_optimistically(const Item& item, ir::EdgeId eid) {
  const Point at = item.at;
  const ir::MethodIR& ir = *acts_[at.act].ir;
  const ir::Edge& e = ir.edges[eid];
  const ir::Block& from = ir.blocks[e.from];
  const ir::Instruction& call = ir.insns[from.insns.back()];
  Item passed = item;
  passed.phi = with_required_arguments(at.act, call, item.phi);
  if (passed.phi.is_false()) return;  // an argument it needs is null: it cannot return normally
  if (!is_optimistic(passed.phi)) passed.phi = logic::conjoin(tm_, passed.phi, optimistic_marker());
  const callgraph::BytecodeCallee named = callgraph::CalleeInBytecode(call);
  passed.assume = assume(item.assume, Cat("optimistic: ", dotted(named.owner), ".", named.name, call.descriptor,
                                          " at ", SourceLocation(ir, call), " assumed to return normally"));
  ++ph_.result.stats.optimistic_skips;
  const std::string site = PassedSite(ir, call), callee = Cat(call.owner, ".", call.name);
  passed_calls_.try_emplace(passed.assume, site, callee);
  std::vector<PassedItem>& at_site = ph_.passed[site];
  if (at_site.size() < kMaxPassedPerSite) at_site.push_back({item, callee});
  const bool was = in_optimistic_;
  in_optimistic_ = true;
  const std::function<bool(Term)> writes = passed_call_writes(at.act, from.insns.back());
  const Step step = acts_[at.act].tr->passed_call(eid, passed.phi, writes ? &writes : nullptr);
  count_step(at.act);
  absorb_along(step, passed, eid);
  in_optimistic_ = was;
}

// A passed call returns normally only with the arguments its one target
// requires non-null (NullGuards::RequiresNonNull: a null check that throws,
// or a dereference, before each of its normal returns): said of the
// minterm at once, so that a candidate that passed `Validate.notNull(x, ..)`
// or `requireNonNull(x)` never has x null (the JVM refuted such candidates
// with the NullPointerException, and the right one ran later or not at
// all). Static and special calls only, as NullGuards follows them.
Minterm WpProblem::with_required_arguments(int32_t act, const ir::Instruction& call, const Minterm& phi) {
  if (phi.is_false() || (call.invoke != ir::InvokeKind::kStatic && call.invoke != ir::InvokeKind::kSpecial)) {
    return phi;
  }
  const ir::MethodIR* callee = only_target_ir(call);
  if (callee == nullptr) return phi;
  Minterm out = phi;
  for (size_t k = 0; k < call.operands.size() && k < callee->params.size(); ++k) {
    const Term a = acts_[act].tr->var(call.operands[k]);
    if (!a.sort().is_ref() || !null_guards_.RequiresNonNull(*callee, k)) continue;
    out = logic::conjoin(tm_, out, tm_.mk_ne(a, tm_.mk_null()));
  }
  return out;
}

// Optimistic minterms are made and stepped while their steps stay within
// their share of the phase's; past it they wait, unstepped (dropped: they
// are extra work beside the exact search, which loses nothing).
bool WpProblem::within_optimistic_share() {
  const bool within = ph_.result.stats.optimistic_steps <=
                      kOptimisticAllowance + static_cast<uint64_t>(kOptimisticShare * static_cast<double>(ph_.result.stats.steps));
  if (!within) ++ph_.result.stats.optimistic_dropped;
  return within;
}

void WpProblem::FlowThroughCall(const Item& item, ir::EdgeId eid) {
  const StepScope scope(this, item);
  const bool passes = passes_optimistically(item, eid);
  if (passes && is_optimistic(item.phi)) {
    pass_optimistically(item, eid);
    return;
  }
  const CallHandling how = expand_call(item, eid);
  if (how != CallHandling::kExpanded) along_edge(item, eid, how);
  // The exact minterm forks: the optimistic one goes on beside it. Only on
  // the goal's own level (the goal's method and its callers): passing a
  // call there passes everything below it, and forks inside callees would
  // only pass less of the same.
  if (passes && how != CallHandling::kSkipped && acts_[item.at.act].depth == 0 && within_optimistic_share()) {
    pass_optimistically(item, eid);
  }
}

// A candidate at the entry: `phi` mentions skolems of calls it passed
// (optimistically, or because they cannot be expanded). Candidates wait
// until the exact search has had its share (kCandidatesAfterSteps, or the
// phase's end): most goals it decides alone, and a JVM run costs more
// than many steps.
void WpProblem::queue_candidate(const Item& item, const Minterm& phi) {
  const Minterm unmarked = marker_.is_null() ? phi : logic::remove_literal(tm_, phi, marker_);
  constexpr size_t kMaxEntryCandidates = 256;
  if (opt_.max_preconditions > 1 && entry_candidates_.size() < kMaxEntryCandidates) {
    entry_candidates_.push_back(unmarked);
  }
  if (ph_.candidates.size() + ph_.throwing_candidates.size() >= kMaxQueuedCandidates) return;
  Item c = item;
  c.phi = unmarked;
  const bool throws = assumes_a_throw(c.phi);
  if (tracing()) {
    opt_.trace(Cat("phase ", phase_, ": a candidate waits for the JVM", throws ? " (at the end: it assumes a call threw)" : "",
                   ": ", trace_text(c.phi)));
  }
  if (!throws && rests_on_inputs_only(c.phi)) ph_.inputs_only_waiting = true;
  (throws ? ph_.throwing_candidates : ph_.candidates).push_back(std::move(c));
}

// A candidate that assumed nothing of any call, only inputs the witness
// sets, is a precondition but for the JVM's run: it need not wait for the
// exact search's share (a loop over an input's count kept SvComp.main's
// waiting until the step budget ran out, 15 s).
bool WpProblem::rests_on_inputs_only(const Minterm& phi) const {
  if (phi.is_true() || phi.is_false()) return false;
  bool any = false;
  for (Term v : logic::free_variables(phi)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role != logic::VarRole::kSkolem) continue;
    if (info.skolem_kind != logic::SkolemKind::kInput) return false;
    any = true;
  }
  return any;
}

// A literal other than σ_exc == null on a passed call's exception: the
// candidate assumes the call threw.
bool WpProblem::assumes_a_throw(const Minterm& phi) const {
  for (Term lit : phi) {
    if (!logic::mentions_skolem(lit)) continue;
    const Term v = logic::null_compared(lit);
    if (!v.is_null() && lit.is(logic::TermKind::kEq)) continue;  // σ_exc == null, or an input's
    for (Term s : logic::free_variables(lit)) {
      const logic::VarInfo& info = tm_.var_info(s);
      if (info.role == logic::VarRole::kSkolem && info.skolem_kind == logic::SkolemKind::kExc) return true;
    }
  }
  return false;
}

void WpProblem::run_all_candidates() {
  run_candidates();
  if (ph_.found) return;
  std::vector<Item> throwing;
  throwing.swap(ph_.throwing_candidates);
  // Within the goal's own timeout only (not the grace the others get):
  // what they give is mostly an example, at the cost of a JVM run each.
  if (out_of_time()) {
    if (!throwing.empty()) {
      optimistic_remark("optimistic: no time left to run the candidates that assume a call threw");
    }
    return;
  }
  ph_.candidates = std::move(throwing);
  run_candidates(/*within_timeout=*/true);
}

bool WpProblem::candidates_due() const {
  if (ph_.candidates.empty()) return false;
  if (ph_.inputs_only_waiting) return true;
  const uint64_t steps = used_.steps + ph_.result.stats.steps;
  const double ms = elapsed_ms();
  return steps >= std::min<uint64_t>(kCandidatesAfterSteps, opt_.max_steps / 4) || ms >= opt_.timeout_ms / 4;
}

// Runs the queued candidates on the JVM in the order they came, until one
// is confirmed (then ph_.result is its FOUND and ph_.found is set).
void WpProblem::run_candidates(bool within_timeout) {
  std::vector<Item> queued;
  queued.swap(ph_.candidates);
  ph_.inputs_only_waiting = false;
  for (const Item& c : queued) {
    if (within_timeout ? out_of_time() : !candidate_time_left()) {
      optimistic_remark("optimistic: no time left to run the candidates on the JVM");
      return;
    }
    if (candidates_run_ >= opt_.max_candidates) {
      optimistic_remark(Cat("optimistic: ", opt_.max_candidates, " candidates run on the JVM, none confirmed"));
      return;
    }
    if (passed_a_throwing_call(c)) {
      if (tracing()) opt_.trace(Cat("candidate: it passed a call the JVM saw throw: ", trace_text(c.phi)));
      continue;
    }
    if (try_candidate(c)) {
      ph_.found = true;
      note_found_time();
      return;
    }
  }
}

double WpProblem::elapsed_ms() const {
  return used_.ms + std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
}

void WpProblem::note_found_time() {
  Result::Stats& s = ph_.result.stats;
  s.last_found_ms = elapsed_ms();
  if (s.first_found_ms == 0) s.first_found_ms = s.last_found_ms;
}

bool WpProblem::candidate_time_left() const { return elapsed_ms() <= opt_.timeout_ms * kCandidateDeadline; }

unsigned WpProblem::query_timeout_ms() const {
  constexpr double kLeast = 50;  // a query near the deadline still gets a chance
  const double elapsed = elapsed_ms();
  const double left = std::max(kLeast, opt_.timeout_ms * kCandidateDeadline - elapsed);
  return static_cast<unsigned>(std::min<double>(opt_.solver_timeout_ms, left));
}

void WpProblem::optimistic_remark(std::string text) {
  if (std::find(optimistic_remarks_.begin(), optimistic_remarks_.end(), text) == optimistic_remarks_.end()) {
    optimistic_remarks_.push_back(std::move(text));
  }
}

// The same inputs run the same way, but the goal's site is part of what
// the runner checks.
std::string WpProblem::witness_key(const Replay& r, const Item& item) const {
  return Cat(ReplayKey(r), " @", goal_.sites[item.site].bci);
}

bool WpProblem::refuted_before(const Replay& r, const Item& item) const {
  return refuted_witnesses_.contains(witness_key(r, item));
}

bool WpProblem::try_candidate(const Item& item) {
  const Minterm& query = item.phi;
  if (!candidates_asked_.insert(query.is_true() ? tm_.mk_true() : query.term()).second) {
    if (tracing()) opt_.trace(Cat("candidate: asked before: ", trace_text(query)));
    return false;
  }
  if (used_.entry_checks + ph_.result.stats.entry_checks >= opt_.max_entry_checks) {
    if (tracing()) {
      opt_.trace(Cat("candidate: no final check left (EngineOptions::max_entry_checks): ", trace_text(query)));
    }
    return false;
  }
  ++ph_.result.stats.entry_checks;
  std::string why_not;
  const EntryCheck::Entry at = entry(acts_[item.at.act]);
  const std::vector<Term> prefer = everyday_inputs(at, query);
  const CandidateSolve solve = [&](const Minterm& q) {
    return entry_check_.Check(q, at, [this](std::span<const Term> qs, bool w) { return check(qs, w); }, &why_not,
                              /*with_skolems=*/true, prefer);
  };
  std::optional<EntryCheck::Found> found = solve(query);
  // Inputs the JVM refuted already: ask Z3 for others (a refinement round).
  Minterm asked = query;
  for (int round = 0; found && refuted_before(found->witness, item); ++round) {
    const Term other = other_inputs(found->witness, at, asked);
    if (round == kCandidateResolves || other.is_null()) {
      found.reset();
      why_not = "its inputs were refuted on the JVM already";
      break;
    }
    ++ph_.result.stats.candidate_rounds;
    asked = logic::conjoin(tm_, asked, other);
    found = solve(asked);
  }
  if (!found) {
    if (tracing()) opt_.trace(Cat("candidate: no witness (", why_not.empty() ? "unsat" : why_not, "): ", trace_text(query)));
    return false;
  }
  std::vector<EngineOptions::Confirmation::Call> calls;
  Replay refuted = found->witness;
  uint64_t refinements = ph_.result.stats.candidate_refinements;
  CandidateRun run = run_candidate(item, std::move(*found), &calls);
  if (run == CandidateRun::kFound) return true;
  // Concolic rounds (DART, CUTE): what the assumed calls returned on the
  // refuted inputs becomes equalities on their skolems, and Z3 is asked
  // again, keeping as many of those inputs as it can (so that the calls
  // see the same arguments and return the same values).
  for (int round = 0; WorthAnotherRound(run) && round < kConcolicRounds && candidates_run_ < opt_.max_candidates &&
                     candidate_time_left();
       ++round) {
    const std::optional<Minterm> learned = with_observed_values(asked, query, calls);
    const bool learned_something = learned && *learned != asked;
    // A passed call that threw on the JVM is expanded from now on (refine):
    // the exact paths through it give the next candidates, not other inputs.
    const bool refined = ph_.result.stats.candidate_refinements != refinements;
    if (!learned_something && refined) return false;
    if (learned_something) {
      asked = *learned;
      std::vector<Term> pins = input_pins(refuted, at);
      input_method_pins(refuted, asked, &pins);
      found = solve_keeping_inputs(asked, pins, solve);
    }
    ++ph_.result.stats.candidate_rounds;
    if (!learned_something || (found && refuted_before(found->witness, item))) {
      // Nothing learned that moves the inputs (a call's result seen only as
      // an object of a class, or not seen): other inputs, as a refinement
      // round asks.
      const Term other = other_inputs(refuted, at, asked);
      if (other.is_null()) return false;
      asked = logic::conjoin(tm_, asked, other);
      found = solve(asked);
    }
    if (tracing()) {
      opt_.trace(Cat("concolic round ", round + 1, ": ", found ? "re-solved" : "no witness",
                     learned_something ? " with the values the JVM observed: " : " for other inputs: ",
                     trace_text(asked)));
    }
    if (!found || refuted_before(found->witness, item)) return false;
    refuted = found->witness;
    calls.clear();
    refinements = ph_.result.stats.candidate_refinements;
    run = run_candidate(item, std::move(*found), &calls);
    if (run == CandidateRun::kFound) return true;
  }
  return false;
}

WpProblem::CandidateRun WpProblem::run_candidate(const Item& item, EntryCheck::Found found,
                                                 std::vector<EngineOptions::Confirmation::Call>* calls) {
  const Minterm& query = item.phi;
  const std::string key = witness_key(found.witness, item);
  const std::vector<std::string> assumed_values = found.assumed;
  const Minterm shown = found.shown;
  Result candidate = ph_.result;
  fill_found(item, std::move(found), &candidate);
  candidate.witness->observe = observed_calls(query);
  // The calls the search could not expand are assumptions too (those it
  // passed optimistically are named already), and what the candidate
  // assumed they give.
  for (Term v : logic::free_variables(query)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role != logic::VarRole::kSkolem) continue;
    std::string call = vocab_.call_site_text(info.site);
    constexpr std::string_view kSkipped = "a call is skipped: ";
    if (call.starts_with(kSkipped)) call = call.substr(kSkipped.size());
    const bool named = std::any_of(candidate.assumptions.begin(), candidate.assumptions.end(),
                                   [&](const std::string& a) { return a.find(call) != std::string::npos; });
    if (!named) candidate.assumptions.push_back(Cat("optimistic: ", vocab_.call_site_text(info.site)));
  }
  if (!assumed_values.empty()) {
    candidate.assumptions.push_back(
        Cat(kAssumedOfResults, absl::StrJoin(assumed_values, " && ")));
  }
  const Assumed assumed = AssumedOf(candidate);
  if (auto it = confirmed_witnesses_.find(key); it != confirmed_witnesses_.end() && !AssumesLess(assumed, it->second)) {
    if (tracing()) opt_.trace(Cat("candidate: its inputs were confirmed already: ", candidate.precondition));
    return CandidateRun::kKnown;
  }
  ++candidates_run_;
  ++ph_.result.stats.candidates;
  const auto t0 = Clock::now();
  const EngineOptions::Confirmation c = opt_.confirm(candidate);
  ph_.result.stats.candidates_ms += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  using Outcome = EngineOptions::Confirmation::Outcome;
  const std::string said = c.report.substr(0, c.report.find('\n'));
  if (tracing()) {
    opt_.trace(Cat("candidate ", candidates_run_, ": ",
                   c.outcome == Outcome::kConfirmed ? "CONFIRMED" : c.outcome == Outcome::kRefuted ? "REFUTED" : "ERROR",
                   " (", said, "): ", candidate.precondition));
  }
  if (c.outcome == Outcome::kConfirmed) {
    ++ph_.result.stats.candidates_confirmed;
    confirmed_witnesses_[key] = assumed;
    candidate.stats = ph_.result.stats;
    candidate.confirmed_on_jvm = c.report;
    if (opt_.max_preconditions > 1) {
      // Every precondition is wanted: this one is kept (not merged with
      // the exact ones: it holds for its witness, as observed) and the
      // search goes on.
      collect_confirmed(std::move(candidate), shown, query, item.at.act);
      return CandidateRun::kCollected;
    }
    ph_.result = std::move(candidate);
    return CandidateRun::kFound;
  }
  if (c.outcome == Outcome::kRefuted) {
    ++ph_.result.stats.candidates_refuted;
    ++refutations_[RefutationKind(said)];
    refuted_witnesses_.insert(key);
    refine(c.stack);
    *calls = c.calls;
    return CandidateRun::kRefuted;
  }
  optimistic_remark(Cat("optimistic: a candidate's witness could not be run on the JVM: ", said));
  return CandidateRun::kNotRun;
}

WpProblem::Assumed WpProblem::AssumedOf(const Result& candidate) {
  Assumed a;
  for (const std::string& s : candidate.assumptions) {
    if (s.starts_with(kAssumedOfResults)) {
      a.values = true;
    } else if (s.starts_with("optimistic: ")) {
      a.calls.insert(s);
    }
  }
  return a;
}

bool WpProblem::AssumesLess(const Assumed& now, const Assumed& before) {
  if (now.values && !before.values) return false;
  if (!std::includes(before.calls.begin(), before.calls.end(), now.calls.begin(), now.calls.end())) return false;
  return now.calls.size() < before.calls.size() || (before.values && !now.values);
}

}  // namespace jwp::wp::internal
