// The backward wp problem as the tabulation solver (tabulation.h) asks it:
// seeding at the goal's sites, pushing a new minterm (simplified, then a
// path edge unless one met at its point subsumes it, with its path and
// assumptions recorded: Figure 3, lines 8-10), the flows through an
// instruction or an edge (Table 1, transformer.h; calls are calls.cc's),
// the budgets that interrupt a phase, and one phase's run to its end.
#include "wp/wp_problem.h"

namespace jwp::wp::internal {

std::string dotted(std::string_view internal) { return classfile::JavaName(internal); }

const ir::Dominators* WpProblem::dominators(const ir::MethodIR& ir) {
  auto& d = doms_[&ir];
  if (!d) d = std::make_unique<ir::Dominators>(ir);
  return d.get();
}

Term WpProblem::declared_type(std::string_view d) {
  auto [it, inserted] = declared_types_.try_emplace(std::string(d));
  if (!inserted) return it->second;
  std::string_view element = d;
  while (!element.empty() && element.front() == '[') element.remove_prefix(1);
  const bool array = element.size() < d.size();
  if (element.size() == 1) {
    if (array) it->second = tm_.mk_type(d);  // a primitive array: no subtypes
    return it->second;
  }
  if (element.size() < 3 || element.front() != 'L' || element.back() != ';') return it->second;
  const std::string_view name = element.substr(1, element.size() - 2);
  if (!array && name == "java/lang/Object") return it->second;
  if (name.find("_JwpModel") != std::string_view::npos) return it->second;
  const classfile::ClassId id = h_.Find(name);
  if (id == classfile::kNoClass || h_.IsInterface(id) || h_.HasMissingAncestor(id) ||
      h_.HasCircularAncestor(id)) {
    return it->second;
  }
  it->second = vocab_.type(d);
  return it->second;
}

Term WpProblem::declared_type_of(const Activation::ValueFactTerms& f, Term v) {
  if (v.is_var()) {
    auto it = f.declared_types.find(v);
    return it == f.declared_types.end() ? Term() : it->second;
  }
  if (v.is(logic::TermKind::kRead) && v.arg(0).is(logic::TermKind::kFieldConst) && !tm_.is_length_field(v.arg(0))) {
    return declared_type(tm_.field_info(v.arg(0)).descriptor);
  }
  return Term();
}

Minterm WpProblem::with_declared_types(const Activation::ValueFactTerms& f, Minterm phi) {
  if (phi.is_true() || phi.is_false()) return phi;
  const std::vector<Term> types_of =
      logic::collect(phi.term(), [](Term x) { return x.is(logic::TermKind::kTypeOf); });
  for (Term type_of : types_of) {
    const Term x = type_of.arg(0);
    const Term type = declared_type_of(f, x);
    if (type.is_null()) continue;
    // typeOf(null) is unconstrained (logic/AXIOMS.md): only of a reference
    // the minterm says is not null.
    if (!phi.contains(tm_.mk_not(tm_.mk_eq(x, tm_.mk_null())))) continue;
    const Term fact = tm_.mk_sub_type(type_of, type);
    if (!phi.contains(fact)) phi = logic::conjoin(tm_, phi, fact);
  }
  return phi;
}

// The declared type of each value the verifier types (JVMS 4.10.1): a
// parameter other than `this`, a call's result, a field read, a cast. The
// builder gave each that type (its descriptor, or the cast's class).
static std::string_view VerifiedDescriptor(const ir::MethodIR& ir, ir::ValueId v) {
  if (!ir::IsReference(ir.values[v].type.kind) || ir.values[v].def == ir::kNone) return {};
  const ir::Instruction& in = ir.def(v);
  switch (in.op) {
    case ir::Op::kParam:
      if (!ir.is_static && in.index == 0) return {};
      [[fallthrough]];
    case ir::Op::kInvoke:
    case ir::Op::kGetField:
    case ir::Op::kGetStatic:
    case ir::Op::kCheckCast:
      return ir.values[v].type.descriptor;
    default:
      return {};
  }
}

Minterm WpProblem::with_value_facts(int32_t act, const Minterm& phi) {
  if (phi.is_true() || phi.is_false()) return phi;
  Activation& a = acts_[act];
  if (!a.value_facts) {
    auto& facts = value_facts_[a.ir.get()];
    if (!facts) facts = std::make_unique<ir::ValueFacts>(*a.ir, *dominators(*a.ir));
    a.value_facts = std::make_unique<Activation::ValueFactTerms>();
    Transformer& tr = *a.tr;
    for (size_t k = 0; k < a.ir->values.size(); ++k) {
      const ir::ValueId v = static_cast<ir::ValueId>(k);
      if (const std::string_view d = VerifiedDescriptor(*a.ir, v); !d.empty()) {
        if (const Term type = declared_type(d); !type.is_null()) a.value_facts->declared_types[tr.var(v)] = type;
      }
    }
    if (!facts->empty()) {
      auto names = std::make_unique<logic::Substitution>(tm_);
      for (size_t k = 0; k < a.ir->values.size(); ++k) {
        const ir::ValueId v = static_cast<ir::ValueId>(k);
        if (const ir::ValueId arr = facts->length_of(v); arr != ir::kNone) {
          const Term length = tm_.mk_length(tr.var(arr));
          names->add(tr.var(v), length);
        } else if (facts->non_negative(v)) {
          const Term x = tr.var(v);
          const Term zero = x.sort().is_long() ? tm_.mk_long(0) : tm_.mk_int(0);
          a.value_facts->non_negative.emplace_back(x, tm_.mk_ge(x, zero));
        }
        if (facts->non_null(v)) a.value_facts->null_tests.push_back(tm_.mk_eq(tr.var(v), tm_.mk_null()));
        if (const ir::ValueId n = facts->allocated_length(v); n != ir::kNone) {
          const ir::ValueId of = facts->length_of(n);
          const Term length = of != ir::kNone ? tm_.mk_length(tr.var(of)) : tr.var(n);
          names->add(tm_.mk_length(tr.var(v)), length);
        } else if (const ir::ValueId from = facts->length_source(v); from != ir::kNone) {
          const Term length = tm_.mk_length(tr.var(from));
          names->add(tm_.mk_length(tr.var(v)), length);
        }
      }
      if (!names->empty()) a.value_facts->names = std::move(names);
    }
  }
  const Activation::ValueFactTerms& f = *a.value_facts;
  for (Term is_null : f.null_tests) {
    if (phi.contains(is_null)) return Minterm::from_term(tm_.mk_false());
  }
  Minterm out = with_declared_types(f, f.names ? f.names->apply(phi) : phi);
  if (f.non_negative.empty() || out.is_true() || out.is_false()) return out;
  const std::vector<Term> named = logic::free_variables(out.term());
  for (const auto& [x, fact] : f.non_negative) {
    if (std::find(named.begin(), named.end(), x) != named.end() && !out.contains(fact)) {
      out = logic::conjoin(tm_, out, fact);
    }
  }
  return out;
}

int32_t WpProblem::assume(int32_t parent, const std::string& text) {
  auto [it, inserted] = assumption_ids_.try_emplace(text, static_cast<int32_t>(assumption_texts_.size()));
  if (inserted) assumption_texts_.push_back(text);
  for (int32_t n = parent; n >= 0; n = assume_nodes_[n].parent) {
    if (assume_nodes_[n].text == it->second) return parent;
  }
  assume_nodes_.push_back({it->second, parent});
  return static_cast<int32_t>(assume_nodes_.size()) - 1;
}

void WpProblem::note(std::string reason) {
  // What an optimistic minterm meets is no reason against a NOT_FOUND: the
  // exact search decides that alone (optimistic.cc).
  if (in_optimistic_) return;
  if (stepping_act_ >= 0) {
    if (const int32_t sid = acts_[stepping_act_].summary; sid >= 0) summaries_.at(sid).data.noted = true;
  }
  if (ph_.reason_set.insert(reason).second) ph_.reasons.push_back(std::move(reason));
}

bool WpProblem::null_param_past_dereference(Point at, const Minterm& phi) {
  if (phi.is_true()) return false;
  const Activation& a = acts_[at.act];
  for (size_t k = 0; k < a.ir->params.size(); ++k) {
    const ir::ValueId p = a.ir->params[k];
    if (!ir::IsReference(a.ir->values[p].type.kind)) continue;
    if (phi.contains(tm_.mk_eq(a.tr->var(p), tm_.mk_null())) && null_guards_.NonNullAt(*a.ir, k, at.b)) return true;
  }
  return false;
}

void WpProblem::push(Point at, const Minterm& raw, uint32_t loops, int32_t path, int32_t site,
                       int32_t line, int32_t assume) {
  Minterm phi = with_value_facts(at.act, vocab_.with_global_facts(raw));
  if (opt_.simplify) {
    const auto t0 = Clock::now();
    phi = simplifier_.simplify(phi);
    ph_.result.stats.simplifier_ms += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  } else if (!phi.is_true() && !phi.is_false()) {
    // NoSimplification: Z3 decides, unsimplified; an unsat within a cut
    // type domain or an unknown keeps the minterm.
    std::vector<Term> query(phi.begin(), phi.end());
    add_ranges(tm_, vocab_, phi.term(), &query);
    if (check(query, /*want_witness=*/false).proves_unsat()) phi = Minterm::from_term(tm_.mk_false());
  }
  if (phi.is_false() || null_param_past_dereference(at, phi)) {
    ++ph_.result.stats.proved_false;
    return;
  }
  // A minterm met at `at` that is weaker adds nothing (Figure 3, merge).
  const std::optional<size_t> crowd = ph_.tabulation->AddPathEdge(at, phi);
  if (!crowd) {
    ++ph_.result.stats.subsumed;
    return;
  }
  ++ph_.result.stats.minterms;
  // The targets a minterm pins are expanded for every minterm: an
  // optimistic one, which passes what is not enabled anyway, demands none
  // (as at the entry), or the exact search would pay for its guesses.
  if (opt_.callgraph == CallGraph::kDirected && !phi.is_true() && phi.term().has(logic::kHasSkolem) &&
      !is_optimistic(phi)) {
    directed_.NotePinned(phi);
  }
  if (line >= 0 && (path < 0 || nodes_[path].line != line || nodes_[path].act != at.act)) {
    nodes_.push_back({line, path, at.act});
    path = static_cast<int32_t>(nodes_.size()) - 1;
  }
  ph_.tabulation->Schedule(Item{at, phi, loops, seq_++, path, site, assume, acts_[at.act].order_depth,
                                static_cast<uint32_t>(*crowd)});
}

void WpProblem::absorb(const Step& step, Point at, const Item& from, int32_t line,
                         uint32_t extra_loops) {
  if (!step.unsupported.empty()) note(Cat("unsupported: ", step.unsupported));
  if (!step.lossy.empty()) note(Cat("incomplete: ", step.lossy));
  for (const Minterm& m : step.pre) {
    push(at, m, from.loops + extra_loops, from.path, from.site, line, from.assume);
  }
}

void WpProblem::seed() {
  for (size_t s = 0; s < goal_.sites.size(); ++s) {
    const GoalSite& site = goal_.sites[s];
    const int32_t si = static_cast<int32_t>(s);
    if (site.edge == ir::kNone) {
      // reach / throw: the instruction executes: true just before it.
      if (!block_reached(0, site.block)) continue;
      const ir::Block& b = ir_.blocks[site.block];
      int32_t k = static_cast<int32_t>(std::find(b.insns.begin(), b.insns.end(), site.insn) - b.insns.begin());
      push(Point{0, site.block, k}, Minterm(), 0, -1, si, site.line, -1);
      continue;
    }
    // npe / exception / exit: the exceptional edge is taken.
    if (!edge_live(0, site.edge)) continue;
    Minterm post;
    if (goal_.spec.kind != GoalKind::kNpe && site.type_test) {
      Term exc = tm_.exc();
      std::vector<Term> conds{tm_.mk_ne(exc, tm_.mk_null()),
                              tm_.mk_instance_of(exc, tm_.mk_type(goal_.spec.exception_type))};
      if (goal_.spec.kind == GoalKind::kNpeArg && site.dereferenced != ir::kNone) {
        // npe-arg: the call passes null for the argument (an SSA value of
        // this method, which the callee cannot change).
        conds.push_back(tm_.mk_eq(vocab_.value(ir_, acts_[0].ns, site.dereferenced), tm_.mk_null()));
      }
      post = Minterm::of(tm_, conds);
    }
    const ir::Edge& e = ir_.edges[site.edge];
    const ir::Block& src = ir_.blocks[e.from];
    CallHandling how = CallHandling::kSkipped;
    const Item at_target{Point{0, e.to, 0}, post, 0, 0, -1, si, -1};
    // (The NullPointerException edge of a call is its null receiver's, which
    // the JVM raises before the call: no callee runs.)
    if (opt_.expand_calls && goal_.spec.kind != GoalKind::kNpe && !src.insns.empty() &&
        ir_.insns[src.insns.back()].op == ir::Op::kInvoke &&
        ir_.insns[src.insns.back()].invoke != ir::InvokeKind::kDynamic && e.thrown != "java/lang/NullPointerException") {
      // An exception raised inside the callee: continue at its exceptional exit.
      how = expand_call(at_target, site.edge);
      if (how == CallHandling::kExpanded) continue;
    }
    Step step = goal_.spec.kind == GoalKind::kNpe ? tr(0).null_dereference(site.edge, post)
                                                  : tr(0).through_edge(site.edge, post);
    count_step(0);
    if (how == CallHandling::kPartial) skip_call(at_target, site.edge, &step);
    const ir::Block& from = ir_.blocks[e.from];
    int32_t k = from.insns.empty() ? 0 : static_cast<int32_t>(from.insns.size()) - 1;
    Item origin{Point{0, e.from, k}, Minterm(), 0, 0, -1, si, -1};
    absorb(step, Point{0, e.from, k}, origin, site.line);
  }
}

// At an activation's entry: the end of a summary, the call site in the
// caller, the final check at the goal method's entry, or its callers.
void WpProblem::FlowOutOfProcedure(const Item& item) {
  const StepScope scope(this, item);
  if (in_optimistic_ && !within_optimistic_share()) return;
  const Activation& a = acts_[item.at.act];
  if (a.summary >= 0) {
    summary_entry(item);
  } else if (a.caller >= 0) {
    return_to_caller(item);
  } else if (is_entry(*a.ir)) {
    if (at_entry(item)) {
      ph_.found = true;
      note_found_time();
    }
  } else {
    go_up(item);
  }
}

void WpProblem::FlowThroughInstruction(const Item& item) {
  const StepScope scope(this, item);
  if (in_optimistic_ && !within_optimistic_share()) return;
  const Point at = item.at;
  const ir::MethodIR& ir = *acts_[at.act].ir;
  const ir::InsnId insn = ir.blocks[at.b].insns[at.k - 1];
  Step step = acts_[at.act].tr->through_instruction(insn, item.phi);
  count_step(at.act);
  absorb(step, Point{at.act, at.b, at.k - 1}, item, ir.insns[insn].line);
}

// The edges into the item's block, but none when the forward facts rule
// the minterm out at the goal method's block, and not those they know dead.
std::vector<ir::EdgeId> WpProblem::EdgesInto(const Item& item) {
  const StepScope scope(this, item);
  if (in_optimistic_ && !within_optimistic_share()) return {};
  const Point at = item.at;
  if (at.act == 0 && ruled_out_at(at.b, item.phi)) return {};
  std::vector<ir::EdgeId> live;
  for (ir::EdgeId eid : acts_[at.act].ir->blocks[at.b].preds) {
    if (edge_live(at.act, eid)) live.push_back(eid);
  }
  return live;
}

// An edge out of an invoke that the search may expand (not the NPE of its
// receiver, which the JVM raises before the call).
bool WpProblem::IsCall(const Item& item, ir::EdgeId eid) const {
  const ir::MethodIR& ir = *acts_[item.at.act].ir;
  const ir::Edge& e = ir.edges[eid];
  const ir::Block& from = ir.blocks[e.from];
  if (!opt_.expand_calls || from.insns.empty()) return false;
  const ir::Instruction& last = ir.insns[from.insns.back()];
  return last.op == ir::Op::kInvoke && last.invoke != ir::InvokeKind::kDynamic &&
         !(e.kind == ir::EdgeKind::kException && e.thrown == "java/lang/NullPointerException");
}

void WpProblem::FlowAlongEdge(const Item& item, ir::EdgeId eid) {
  const StepScope scope(this, item);
  along_edge(item, eid, CallHandling::kSkipped);
}

void WpProblem::along_edge(const Item& item, ir::EdgeId eid, CallHandling how) {
  const Point at = item.at;
  Step step = acts_[at.act].tr->through_edge(eid, item.phi);
  count_step(at.act);
  if (how == CallHandling::kPartial) skip_call(item, eid, &step);
  absorb_along(step, item, eid);
}

// A step taken along edge `eid` (into the end of its source block), from
// `item`: absorbed there, with one more loop when the edge is a back edge.
void WpProblem::absorb_along(const Step& step, const Item& item, ir::EdgeId eid) {
  const ir::MethodIR& ir = *acts_[item.at.act].ir;
  const ir::Edge& e = ir.edges[eid];
  const ir::Block& from = ir.blocks[e.from];
  const int32_t k = from.insns.empty() ? 0 : static_cast<int32_t>(from.insns.size()) - 1;
  const bool back = acts_[item.at.act].dom->Dominates(e.to, e.from);
  const int32_t line = from.insns.empty() ? -1 : ir.insns[from.insns.back()].line;
  absorb(step, Point{item.at.act, e.from, k}, item, line, back ? 1 : 0);
}

void WpProblem::count_step(int32_t act) {
  ++ph_.result.stats.steps;
  if (in_optimistic_) ++ph_.result.stats.optimistic_steps;
  Activation& a = acts_[act];
  if (a.name.empty()) a.name = Cat(dotted(a.ir->class_name), ".", a.ir->method_name, a.ir->method_descriptor);
  ++ph_.summary_counts[a.name].steps;
}

// Before each step: the goal's budgets, and in directed construction the
// end of a phase whose waiting minterms need targets.
std::string WpProblem::Interrupt(Tabulation&) {
  if (!forward_done_ && opt_.forward_facts && used_.steps + ph_.result.stats.steps >= kForwardAfterSteps) {
    // The search is not decided quickly: it goes on with the forward facts,
    // and starts again with them when they rule something out and came
    // cheap (kForwardRestartSteps: a deterministic measure, unlike their
    // time), so that every summary, the first ones too, is pruned by them
    // (a summary made before them keeps its unpruned paths: an arraycopy
    // explored for every array type). Costly ones (EnumUtils.getEnumMap's:
    // 32,739 instructions interpreted, 1.4 s) are not paid for with the
    // steps before them a second time.
    ensure_forward_facts();
    if (forward_.complete && forward_.dead_edges > 0 && forward_.steps <= kForwardRestartSteps) {
      forward_facts_due_ = true;
      return "forward facts: the search starts again with them";
    }
  }
  if (step_budget_spent()) return Cat("budget: ", opt_.max_steps, " steps");
  if (out_of_time()) return Cat("timeout: ", static_cast<int64_t>(opt_.timeout_ms), " ms");
  if (tm_.num_terms() > opt_.max_terms) return Cat("memory cap: ", opt_.max_terms, " terms");
  if (candidates_due()) {
    run_candidates();
    if (ph_.found) return "optimistic: a candidate confirmed on the JVM";
  }
  if (opt_.callgraph != CallGraph::kDirected) return "";
  return directed_.Interrupt(ph_.result.stats.steps);
}

Result WpProblem::run(Used used) {
  // A phase starts from a PhaseState made anew (next_phase), with no work
  // left over from the one before.
  JWP_CHECK(ph_.tabulation->empty() && directed_.Fresh() && !ph_.found,
            Cat("phase ", phase_, " starts with the state of another"));
  used_ = used;
  start_ = Clock::now();
  forward_facts_due_ = false;
  ph_.result.stats.summaries_kept = kept_total_;
  if (phase_ > 1) ensure_forward_facts();
  auto elapsed_ms = [&] {
    return std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
  };
  ph_.result.goal = goal_.spec.ToString();
  // The entry the search starts from: the one named, else the goal's method
  // (a FOUND says which public caller it reached: at_entry).
  ph_.result.entry =
      opt_.entry.empty() ? Cat(dotted(ir_.class_name), ".", ir_.method_name, ir_.method_descriptor) : opt_.entry;
  std::string budget = ph_.tabulation->Run();
  // The search stopped short of an answer: the candidates it queued go to
  // the JVM (an exhaustive phase needs none; a phase that waits for
  // directed construction meets them again in the next).
  ph_.result.stats.time_ms = elapsed_ms();
  ph_.result.stats.terms = tm_.num_terms();
  ph_.result.stats.forward_dead_edges = forward_.dead_edges;
  ph_.result.stats.methods_analysed = ph_.methods_seen.size();
  for (auto [method, n] : ph_.summary_counts) {
    n.method = method;
    ph_.result.summaries.push_back(n);
  }
  ph_.result.facts_used = vocab_.facts_used();
  ph_.result.stats.field_facts_used = ph_.result.facts_used.size();
  if (field_facts_) ph_.result.stats.field_facts_ms = field_facts_->stats().ms;
  if (ph_.found) return ph_.result;
  if (budget.empty() && directed_.Waiting()) directed_.ChooseExpansions(/*allow_big=*/true);
  // The search stopped short of an answer and no phase follows: the
  // candidates it queued go to the JVM (an exhaustive phase needs none; a
  // phase that ends to expand calls meets them again in the next, unless
  // the goal's budget is spent: RunGoal starts no phase then).
  // A search that ran out of work before the forward facts were due but
  // met what they may rule out (an array store of a type the method never
  // builds, say) runs again with them, as one cut when they were due.
  if (budget.empty() && !ph_.reasons.empty() && opt_.forward_facts && !forward_done_) forward_facts_due_ = true;
  const bool next_phase_due =
      (!directed_.to_enable().empty() || lambdas_grew() || forward_facts_due_) && !goal_budget_spent();
  if (has_candidates() && !next_phase_due && (!budget.empty() || !ph_.reasons.empty())) {
    run_all_candidates();
    ph_.result.stats.time_ms = elapsed_ms();
    if (ph_.found) return ph_.result;
  }
  if (!budget.empty()) ph_.reasons.insert(ph_.reasons.begin(), budget);
  if (lambdas_grew()) {
    note(Cat("lambda classes were made during the phase (", lambdas_.at(lambdas_at_start_).where,
             "): calls analysed before did not list them"));
  }
  if (ph_.reasons.empty()) {
    ph_.result.verdict = Verdict::kNotFound;
    ph_.result.reason = "exhaustive search: no path to the goal is feasible";
    if (forward_pruned_all_ > 0) {
      ph_.result.reason += Cat(" (forward facts: ", forward_pruned_all_, forward_pruned_all_ == 1 ? " minterm" : " minterms",
                            " dropped at edges that the objects the method builds rule out)");
    }
    if (!vocab_.facts_used().empty()) {
      ph_.result.reason += Cat(" (field facts: ", vocab_.facts_used().size(), " used, in facts_used)");
    }
  } else {
    ph_.result.verdict = Verdict::kUnknown;
    ph_.result.reason = ph_.reasons.front();
    for (size_t i = 1; i < ph_.reasons.size() && i < 4; ++i) ph_.result.reason += "; " + ph_.reasons[i];
    for (const std::string& r : optimistic_remarks_) ph_.result.reason += "; " + r;
    if (const std::string refuted = refutation_summary(); !refuted.empty()) ph_.result.reason += "; " + refuted;
  }
  return ph_.result;
}

void WpProblem::next_phase(const absl::flat_hash_set<std::string>& changed) {
  // Activations with work left: their summaries are incomplete.
  absl::flat_hash_set<int32_t> open;
  for (const Item& left : ph_.tabulation->TakeWorklist()) open.insert(left.at.act);
  // New lambda classes change what interface calls list, and mod-sets.
  const bool lambdas_grew_now = lambdas_grew();
  // A summary stays when its analysis finished, noted nothing (note()), and none of its call sites
  // (nor, through the table, those of the summaries it waited on) gained
  // a target; new lambda classes change every interface call's targets.
  kept_total_ += summaries_.KeepOnly([&](Summaries::Id, const Summary& sm) {
    JWP_CHECK(sm.data.act >= 0, "a summary in the table without its activation");
    if (lambdas_grew_now || open.contains(sm.data.act) || sm.data.noted) return false;
    const ir::MethodIR& m = *acts_[sm.data.act].ir;
    for (const ir::Instruction& in : m.insns) {
      if (in.op == ir::Op::kInvoke && changed.contains(EnabledTargets::SiteKey(m, in))) return false;
    }
    return true;
  });
  // Mod-sets are rebuilt: a ModSets' answers depend on the order of its
  // queries (a query cut by the node budget is cached as top), and a phase
  // that starts from another order than its own could lose frames.
  forward_mods_.reset();
  mod_sets_.reset();
  partial_forward_mods_.reset();
  partial_mod_sets_.reset();
  lambdas_at_start_ = lambdas_.size();
  ++phase_;
  ph_ = PhaseState{};
  directed_.StartPhase(phase_);
  ph_.tabulation = std::make_unique<Tabulation>(*this, MakeSearcher(opt_.search_order));
  ph_.methods_seen = {ir_.QualifiedName()};
}

}  // namespace jwp::wp::internal
