// Every precondition of a goal, not only the first (issue #30's complete
// conditions; EngineOptions::max_preconditions > 1).
//
// The paper's wp is the disjunction of the minterms that reach the entry;
// the search as Figure 3 runs it stops at the first satisfiable one. Here
// it goes on: each satisfiable minterm at the entry is kept (with its path
// and witness, as fill_found makes a FOUND) and the search continues, over
// every phase of directed construction. When the final phase ends as a
// NOT_FOUND would (exhaustive, nothing assumed, nothing waiting), no other
// path reaches the goal: the goal happens exactly when one of the kept
// preconditions holds. A phase starts the search over, so the same
// precondition found again is kept once (by its Java text).
#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "absl/strings/str_join.h"
#include "callgraph/lambda_classes.h"
#include "logic/printer.h"
#include "logic/substitution.h"
#include "logic/visit.h"
#include "models/returns_normally.h"
#include "wp/wp_problem.h"

namespace jwp::wp::internal {

using logic::Minterm;
using logic::Term;

namespace {

// The disjunction of `ms` (each a conjunction of literals) simplified by two
// rules until neither applies: a disjunct that another's literals are a
// subset of is dropped (it implies the other), and a literal ¬l of a
// disjunct D is dropped when another disjunct is l ∧ C with C ⊆ D \ {¬l}
// ((l ∧ C) ∨ (¬l ∧ D') = (l ∧ C) ∨ D' when C ⊆ D'). Both keep the
// disjunction's meaning.
std::vector<std::vector<Term>> MergeDisjuncts(logic::TermManager& tm, const std::vector<Minterm>& ms) {
  std::vector<std::set<Term>> ds;
  for (const Minterm& m : ms) ds.emplace_back(m.begin(), m.end());
  auto subset = [](const std::set<Term>& a, const std::set<Term>& b) {
    return std::includes(b.begin(), b.end(), a.begin(), a.end());
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < ds.size() && !changed; ++i) {
      for (size_t j = 0; j < ds.size() && !changed; ++j) {
        if (i == j) continue;
        if (subset(ds[i], ds[j])) {
          ds.erase(ds.begin() + static_cast<std::ptrdiff_t>(j));
          changed = true;
          break;
        }
        for (Term l : ds[i]) {
          const Term not_l = tm.mk_not(l);
          if (!ds[j].contains(not_l)) continue;
          std::set<Term> rest_i = ds[i];
          rest_i.erase(l);
          std::set<Term> rest_j = ds[j];
          rest_j.erase(not_l);
          if (!subset(rest_i, rest_j)) continue;
          ds[j] = std::move(rest_j);
          changed = true;
          break;
        }
      }
    }
  }
  std::vector<std::vector<Term>> out;
  for (const std::set<Term>& d : ds) out.emplace_back(d.begin(), d.end());
  return out;
}

// The disjunction as Java: the literals every disjunct has first, then the
// rest: `c && (a || b)`.
std::string DisjunctionText(logic::TermManager& tm, const std::vector<std::vector<Term>>& ds) {
  std::vector<Term> common;
  for (Term l : ds.front()) {
    if (std::all_of(ds.begin(), ds.end(), [&](const std::vector<Term>& d) {
          return std::find(d.begin(), d.end(), l) != d.end();
        })) {
      common.push_back(l);
    }
  }
  std::vector<std::string> parts;
  bool some_empty = false;
  for (const std::vector<Term>& d : ds) {
    std::vector<Term> rest;
    for (Term l : d) {
      if (std::find(common.begin(), common.end(), l) == common.end()) rest.push_back(l);
    }
    some_empty |= rest.empty();
    const std::string text = logic::to_java(tm, Minterm::of(tm, rest));
    parts.push_back(rest.size() > 1 && ds.size() > 1 ? Cat("(", text, ")") : text);
  }
  // (c && a) || c is c: a disjunct that is the common part alone.
  std::string alternatives = some_empty ? "" : absl::StrJoin(parts, " || ");
  if (common.empty()) return alternatives;
  const std::string head = logic::to_java(tm, Minterm::of(tm, common));
  if (alternatives.empty()) return head;
  return ds.size() > 1 ? Cat(head, " && (", alternatives, ")") : Cat(head, " && ", alternatives);
}

// The found fields of `from` (those fill_found sets) into `to`.
void TakeFound(Result&& from, Result* to) {
  to->verdict = Verdict::kFound;
  to->reason.clear();
  to->precondition = std::move(from.precondition);
  to->smtlib = std::move(from.smtlib);
  to->path = std::move(from.path);
  to->path_steps = std::move(from.path_steps);
  to->witness = std::move(from.witness);
  to->goal_bci = from.goal_bci;
  to->goal_line = from.goal_line;
  to->goal_via_call = from.goal_via_call;
  to->static_inputs = std::move(from.static_inputs);
  to->internal_state = std::move(from.internal_state);
  to->entry = std::move(from.entry);
  to->assumptions = std::move(from.assumptions);
  to->confirmed_on_jvm = std::move(from.confirmed_on_jvm);
}

}  // namespace

// Where collected_[i], a confirmed candidate, is in candidates_shown_.
size_t WpProblem::candidate_rank(size_t i) const {
  return static_cast<size_t>(std::count_if(collected_.begin(), collected_.begin() + static_cast<std::ptrdiff_t>(i),
                                           [](const Result& c) { return c.confirmed_on_jvm.has_value(); }));
}

bool WpProblem::collect_found(const Item& item, EntryCheck::Found found) {
  for (size_t i = 0; i < collected_.size(); ++i) {
    if (collected_[i].precondition != found.precondition) continue;
    // The same precondition as a candidate the JVM confirmed through calls
    // it passed: this one assumes nothing, and takes its place (a search
    // that reaches the entry exactly after its candidates ran, as a short
    // one does, would otherwise print the candidate's proviso).
    if (!collected_[i].confirmed_on_jvm) return false;
    candidates_shown_.erase(candidates_shown_.begin() + static_cast<std::ptrdiff_t>(candidate_rank(i)));
    std::erase_if(confirmed_queries_, [i](const ConfirmedQuery& q) { return q.index == i; });
    collected_shown_.push_back(found.shown);
    Result exact;
    fill_found(item, std::move(found), &exact);
    collected_[i] = std::move(exact);
    return false;
  }
  collected_shown_.push_back(found.shown);
  Result r;
  fill_found(item, std::move(found), &r);
  collected_.push_back(std::move(r));
  note_found_time();
  // One over the internal state of an argument or of the JDK (a state no
  // program may make: jwp exceptions leaves it out) does not count, up to
  // three times as many in all.
  const size_t over_inputs = static_cast<size_t>(std::count_if(
      collected_.begin(), collected_.end(), [](const Result& c) { return c.internal_state.empty(); }));
  if (over_inputs < opt_.max_preconditions && collected_.size() < 3 * opt_.max_preconditions) return false;
  note(Cat("budget: ", collected_.size(), " preconditions found (", over_inputs,
           " over the inputs alone), the search stopped there"));
  // The candidates waiting for the JVM still get their run.
  if (has_candidates()) run_all_candidates();
  return true;
}

void WpProblem::collect_confirmed(Result candidate, const Minterm& shown, const Minterm& query, int32_t act) {
  candidate.stats = {};
  for (size_t i = 0; i < collected_.size(); ++i) {
    if (collected_[i].precondition != candidate.precondition) continue;
    // The same precondition, confirmed once more: kept only where it
    // assumes less (the first took a skipped call to throw, this one to
    // return normally; or this one passed fewer calls).
    if (!AssumesLess(AssumedOf(candidate), AssumedOf(collected_[i]))) return;
    candidates_shown_[candidate_rank(i)] = shown;
    collected_[i] = std::move(candidate);
    for (ConfirmedQuery& q : confirmed_queries_) {
      if (q.index == i) q = {i, query, act};
    }
    return;
  }
  confirmed_queries_.push_back({collected_.size(), query, act});
  collected_.push_back(std::move(candidate));
  note_found_time();
  candidates_shown_.push_back(shown);
}

namespace {

// Whether block `b` of `ir` lies on a cycle (a loop, or a handler that
// leads back).
bool OnCycle(const ir::MethodIR& ir, ir::BlockId b) {
  std::vector<ir::BlockId> work;
  std::set<ir::BlockId> seen;
  for (ir::EdgeId e : ir.blocks[b].succs) work.push_back(ir.edges[e].to);
  while (!work.empty()) {
    const ir::BlockId x = work.back();
    work.pop_back();
    if (x == b) return true;
    if (x == ir::kNone || !seen.insert(x).second) continue;
    for (ir::EdgeId e : ir.blocks[x].succs) work.push_back(ir.edges[e].to);
  }
  return false;
}

// The instruction of `ir` at `bci`, or nullptr.
const ir::Instruction* InstructionAt(const ir::MethodIR& ir, int32_t bci) {
  for (const ir::Instruction& in : ir.insns) {
    if (static_cast<int32_t>(in.bci) == bci && in.op == ir::Op::kInvoke) {
      return &in;
    }
  }
  return nullptr;
}

using Analysed = std::map<std::string, std::shared_ptr<const ir::MethodIR>>;
using Callers = std::vector<std::pair<const ir::MethodIR*, const ir::Instruction*>>;

// The call instructions of the analysed methods that invoke (name, desc)
// and that `keep` keeps, with their methods.
Callers CallersOf(const Analysed& analysed, std::string_view name, std::string_view desc,
                  const std::function<bool(const ir::Instruction&)>& keep) {
  Callers callers;
  for (const auto& [qualified, m] : analysed) {
    for (const ir::Instruction& in : m->insns) {
      if (in.op == ir::Op::kInvoke && in.name == name && in.descriptor == desc && keep(in)) {
        callers.emplace_back(m.get(), &in);
      }
    }
  }
  return callers;
}

// Whether `in` may run code that is not the JDK's own: a call (but the
// constructor of a JDK exception, called on the object just made of exactly
// its class: models/returns_normally.def's exact rows, which run only the
// JDK's code), a string concatenation (toString), or what may initialize a
// class outside java/ (its static initializer).
bool RunsCode(const ir::MethodIR& ir, const ir::Instruction& in) {
  auto outside_jdk = [](std::string_view cls) { return !cls.starts_with("java/"); };
  switch (in.op) {
    case ir::Op::kInvoke: {
      if (in.invoke != ir::InvokeKind::kSpecial || in.name != "<init>" || in.operands.empty()) return true;
      const ir::Instruction& made = ir.def(in.operands[0]);
      if (made.op != ir::Op::kNew || made.type != in.owner) return true;
      return !models::ReturnsNormally(Cat(in.owner, ".<init>", in.descriptor), in.owner);
    }
    case ir::Op::kStringConcat: return true;
    case ir::Op::kNew: return outside_jdk(in.type);
    case ir::Op::kGetStatic: case ir::Op::kPutStatic: return outside_jdk(in.owner);
    default: return false;
  }
}

// Where control may go in `ir` from the edges `from` on, over every edge.
struct Continuation {
  bool runs_code = false;  // RunsCode somewhere
  bool returns = false;    // the normal exit
  bool throws = false;     // the exceptional exit
};
Continuation ContinuationOf(const ir::MethodIR& ir, const std::vector<ir::EdgeId>& from) {
  Continuation c;
  std::vector<ir::BlockId> work;
  for (ir::EdgeId e : from) work.push_back(ir.edges[e].to);
  std::set<ir::BlockId> seen;
  while (!work.empty()) {
    const ir::BlockId b = work.back();
    work.pop_back();
    if (b == ir::kNone || !seen.insert(b).second) continue;
    if (b == ir.exit) c.returns = true;
    if (b == ir.exceptional_exit) c.throws = true;
    for (ir::InsnId i : ir.blocks[b].insns) {
      if (RunsCode(ir, ir.insns[i])) c.runs_code = true;
    }
    for (ir::EdgeId e : ir.blocks[b].succs) work.push_back(ir.edges[e].to);
  }
  return c;
}

// The second way a call runs at most once per call of the entry: nothing
// that runs after it until the entry's call ends can call it again. From
// the call `at` of `m` (returned normally: `normal`; or what it threw came
// into `m`: the exception edges), the rest of `m` runs no code but the
// JDK's exception constructors; then, in each caller among the analysed
// methods, the same from the call of `m`, by the way `m` may end, up to the
// entry (which no analysed method calls). `budget` bounds the callers
// visited.
// `may_call(call, m)`: whether the invoke `call` may run `m` (by its owner
// and m's class; an unknown answer says yes).
using MayCall = std::function<bool(const ir::Instruction&, const ir::MethodIR&)>;
bool NothingRunsAfter(const Analysed& analysed,
                      const ir::MethodIR& entry, const MayCall& may_call, const ir::MethodIR& m,
                      const ir::Instruction& at, bool normal, int depth, int* budget) {
  if (depth > 16 || --*budget < 0) return false;
  const ir::Block& block = m.blocks[at.block];
  std::vector<ir::EdgeId> from;
  for (ir::EdgeId e : block.succs) {
    if ((m.edges[e].kind != ir::EdgeKind::kException) == normal) from.push_back(e);
  }
  const Continuation c = ContinuationOf(m, from);
  if (c.runs_code) return false;
  const bool is_entry = m.class_name == entry.class_name && m.method_name == entry.method_name &&
                        m.method_descriptor == entry.method_descriptor;
  const Callers callers = CallersOf(analysed, m.method_name, m.method_descriptor,
                                    [&](const ir::Instruction& in) { return may_call(in, m); });
  if (is_entry) return callers.empty();
  if (callers.empty()) return false;  // a caller the search did not analyse
  for (const auto& [caller, call] : callers) {
    if (c.returns && !NothingRunsAfter(analysed, entry, may_call, *caller, *call, true, depth + 1, budget)) {
      return false;
    }
    if (c.throws && !NothingRunsAfter(analysed, entry, may_call, *caller, *call, false, depth + 1, budget)) {
      return false;
    }
  }
  return true;
}

// The uses of value `v` in `m`: the instructions that have it as an operand
// (its operand positions).
std::vector<std::pair<const ir::Instruction*, size_t>> UsesOf(const ir::MethodIR& m, ir::ValueId v) {
  std::vector<std::pair<const ir::Instruction*, size_t>> uses;
  for (const ir::Instruction& in : m.insns) {
    for (size_t k = 0; k < in.operands.size(); ++k) {
      if (in.operands[k] == v) uses.emplace_back(&in, k);
    }
  }
  return uses;
}

// Whether `use` (of a reference) only compares it with null.
bool IsNullTest(const ir::MethodIR& m, const ir::Instruction& use) {
  return use.op == ir::Op::kIf && use.operands.size() == 2 &&
         (ir::IsNullConstant(m, use.operands[0]) || ir::IsNullConstant(m, use.operands[1]));
}

// The invokes of `analysed` that may run a method of the lambda class
// `lambda` (its name), when its objects provably reach no others: each is
// made by a kLambda of an analysed method that uses it only as the receiver
// of a call, in a null test, or as an argument of a static call of an
// analysed method that uses that parameter only so in turn
// (Objects.requireNonNull(obj, supplier), which calls supplier.get() to
// make its exception's message). Nullopt when that is not shown: the
// object may be stored, returned or passed on, and reach any call of its
// interface.
std::optional<std::set<const ir::Instruction*>> LambdaReceiverSites(const Analysed& analysed,
                                                                   std::string_view lambda) {
  std::set<const ir::Instruction*> sites;
  bool made = false;
  // The uses of `v` in `m`, `depth` static calls below the kLambda.
  std::function<bool(const ir::MethodIR&, ir::ValueId, int)> only_calls = [&](const ir::MethodIR& m, ir::ValueId v,
                                                                               int depth) {
    for (const auto& [use, k] : UsesOf(m, v)) {
      if (use->op == ir::Op::kInvoke && k == 0 &&
          (use->invoke == ir::InvokeKind::kVirtual || use->invoke == ir::InvokeKind::kInterface)) {
        sites.insert(use);
      } else if (IsNullTest(m, *use)) {
        continue;
      } else if (use->op == ir::Op::kInvoke && use->invoke == ir::InvokeKind::kStatic && depth < 2) {
        auto callee = analysed.find(Cat(use->owner, ".", use->name, use->descriptor));
        if (callee == analysed.end() || k >= callee->second->params.size()) return false;
        if (!only_calls(*callee->second, callee->second->params[k], depth + 1)) return false;
      } else {
        return false;
      }
    }
    return true;
  };
  for (const auto& [qualified, m] : analysed) {
    for (const ir::Instruction& in : m->insns) {
      if (in.op != ir::Op::kLambda || in.result == ir::kNone || callgraph::LambdaClassName(*m, in) != lambda) continue;
      made = true;
      if (!only_calls(*m, in.result, 0)) return std::nullopt;
    }
  }
  if (!made) return std::nullopt;  // made by a method the search did not analyse
  return sites;
}

// The first way of call_runs_once: a single chain of calls from the call
// at `bci` of (cls, name, desc) up to the entry.
bool SingleCallChain(const Analysed& analysed,
                     const ir::MethodIR& entry_ir, std::string cls, std::string name, std::string desc,
                     int32_t bci) {
  for (int depth = 0; depth < 16; ++depth) {
    auto it = analysed.find(Cat(cls, ".", name, desc));
    if (it == analysed.end()) return false;
    const ir::Instruction* at = InstructionAt(*it->second, bci);
    if (at == nullptr || OnCycle(*it->second, at->block)) return false;
    const bool entry = cls == entry_ir.class_name && name == entry_ir.method_name && desc == entry_ir.method_descriptor;
    const Callers callers = CallersOf(analysed, name, desc, [](const ir::Instruction&) { return true; });
    if (entry) return callers.empty();
    if (callers.size() != 1) return false;
    cls = std::string(callers[0].first->class_name);
    name = std::string(callers[0].first->method_name);
    desc = std::string(callers[0].first->method_descriptor);
    bci = static_cast<int32_t>(callers[0].second->bci);
  }
  return false;
}

}  // namespace

// Whether the call of a skipped-call site runs at most once per call of the
// entry, in one of two ways, over the methods the search analysed (those
// of every phase: acts_ keeps them, so a candidate's chain of calls is
// among them). Callers are matched by name and descriptor, whatever the
// owner (more matches only make either say no); a lambda's body is called
// by its lambda class's method (when that was analysed), which the invokes
// of the interface method call: those its object can reach, when
// LambdaReceiverSites shows which (a message supplier passed only to
// Objects.requireNonNull), else all of them.
//  - Up from the method of the skipped call, each method on the way is
//    called from exactly one call instruction, none on a cycle of its
//    method, up to the entry, which none of them calls (no recursion).
//  - Or nothing that runs after it, until the entry's call ends, can call
//    it again (NothingRunsAfter): Objects.requireNonNull(obj, supplier)
//    calls the supplier only to make the exception it throws, so a
//    supplier's String.format runs once however many checks the entry
//    makes.
bool WpProblem::call_runs_once(uint32_t site, int32_t entry_act) {
  const Vocabulary::SkippedCall* call = vocab_.skipped_call(site);
  if (call == nullptr || acts_.empty()) return false;
  Analysed analysed;
  for (const Activation& a : acts_) {
    if (a.ir) analysed.emplace(a.ir->QualifiedName(), a.ir);
  }
  const ir::MethodIR& entry_ir = *acts_[entry_act].ir;
  auto own = analysed.find(Cat(call->class_name, ".", call->method, call->descriptor));
  if (own == analysed.end()) return false;
  const ir::Instruction* skipped = InstructionAt(*own->second, call->bci);
  if (skipped == nullptr) return false;
  if (SingleCallChain(analysed, entry_ir, call->class_name, call->method, call->descriptor, call->bci)) return true;
  // A call of owner.m may run C.m when C and the owner are related (a
  // lambda class by its interface).
  std::map<std::string, std::optional<std::set<const ir::Instruction*>>, std::less<>> lambda_sites;
  auto may_call = [&](const ir::Instruction& in, const ir::MethodIR& callee) {
    std::string_view cls = callee.class_name;
    if (const callgraph::LambdaClass* l = lambdas_.Find(cls)) {
      auto it = lambda_sites.find(cls);
      if (it == lambda_sites.end()) it = lambda_sites.emplace(std::string(cls), LambdaReceiverSites(analysed, cls)).first;
      if (it->second) return it->second->contains(&in);
      cls = l->interface_name;
    }
    return h_.IsSubtype(cls, in.owner) != classfile::Tristate::kNo ||
           h_.IsSubtype(in.owner, cls) != classfile::Tristate::kNo;
  };
  int budget = 64;
  return NothingRunsAfter(analysed, entry_ir, may_call, *own->second, *skipped, /*normal=*/true, 0, &budget);
}

// The skolems of the candidates are fresh per minterm: those of one call
// (kind, site, map) are renamed to one, then the question is whether
//   inputs(query) && every passed call returns normally && !C1 && ... && !Cn
// is unsatisfiable, C1..Cn the skolem literals of the candidates whose
// input literals are among those of the query. If it is, an input that
// satisfies the query's inputs reaches the goal whatever the calls return,
// as long as they return normally (the proviso jwp exceptions prints).
bool WpProblem::results_covered(const Minterm& query, int32_t act) {
  using Key = std::tuple<logic::SkolemKind, uint64_t, uint32_t, uint32_t>;
  auto key_of = [&](Term v) {
    const logic::VarInfo& info = tm_.var_info(v);
    return Key{info.skolem_kind, v.sort().bits(), info.site, info.about.is_null() ? 0 : info.about.id() + 1};
  };
  auto skolems_of = [&](const Minterm& m) {
    std::vector<Term> out;
    if (m.is_true()) return out;
    for (Term v : logic::free_variables(m.term())) {
      if (tm_.var_info(v).role == logic::VarRole::kSkolem) out.push_back(v);
    }
    return out;
  };
  std::set<Term> inputs;
  for (Term lit : query) {
    if (!logic::mentions_skolem(lit)) inputs.insert(lit);
  }
  // Renaming the skolems of one call site to one is right only when the
  // site's call runs at most once per call of the entry: then every
  // candidate's skolem of that site stands for the same event.
  std::map<uint32_t, bool> once;
  auto runs_once = [&](Term v) {
    const uint32_t site = tm_.var_info(v).site;
    auto it = once.find(site);
    if (it == once.end()) it = once.emplace(site, call_runs_once(site, act)).first;
    return it->second;
  };
  std::map<Key, Term> canonical;
  for (Term v : skolems_of(query)) {
    if (!runs_once(v)) return false;
    // Two skolems of one call (a loop): which is which is not known.
    if (!canonical.emplace(key_of(v), v).second) return false;
  }
  std::vector<Term> facts(inputs.begin(), inputs.end());
  int alternatives = 0;
  for (const Minterm& c : entry_candidates_) {
    bool weaker = true;
    std::vector<Term> results;
    for (Term lit : c) {
      if (!logic::mentions_skolem(lit)) {
        weaker = weaker && inputs.contains(lit);
      } else {
        results.push_back(lit);
      }
    }
    if (!weaker || results.empty()) continue;
    std::set<Key> seen;
    Term conj = tm_.mk_and(results);
    bool renamed = true;
    for (Term v : skolems_of(c)) {
      const Key k = key_of(v);
      if (!seen.insert(k).second || !runs_once(v)) renamed = false;
      auto [it, fresh] = canonical.emplace(k, v);
      if (!fresh && it->second != v) conj = logic::substitute(tm_, conj, v, it->second);
    }
    if (!renamed) continue;
    facts.push_back(tm_.mk_not(conj));
    ++alternatives;
  }
  if (alternatives == 0) return false;
  for (const auto& [k, v] : canonical) {
    if (std::get<0>(k) == logic::SkolemKind::kExc) facts.push_back(tm_.mk_eq(v, tm_.mk_null()));
  }
  const std::string asked = tracing() ? trace_text(Minterm::of(tm_, facts)) : "";
  const bool covered = entry_check_.ProvesUnsat(std::move(facts), entry(acts_[act]),
                                                [this](std::span<const Term> qs, bool w) { return check(qs, w); });
  if (tracing()) {
    opt_.trace(Cat("results of the passed calls ", covered ? "covered" : "not proved covered", " by ", alternatives,
                   " candidates: ", asked));
  }
  return covered;
}

void WpProblem::finish_collected(Result* r) {
  if (collected_.empty()) return;
  // A confirmed candidate whose calls' results do not matter: only that
  // they return normally stays assumed.
  for (const ConfirmedQuery& q : confirmed_queries_) {
    std::vector<std::string>& assumed = collected_[q.index].assumptions;
    auto of_results = std::find_if(assumed.begin(), assumed.end(), [](const std::string& a) {
      return a.starts_with(kAssumedOfResults);
    });
    if (of_results == assumed.end() || !results_covered(q.query, q.act)) continue;
    assumed.erase(of_results);
    assumed.push_back(Cat(kResultsDoNotMatter,
                          ": with these inputs, the candidates that reached the entry cover every result of the "
                          "calls, as long as they return normally (Z3 proved it)"));
  }
  confirmed_queries_.clear();
  // A candidate the JVM confirmed (optimistic calls) ended the search: one
  // more precondition, and the search was not exhaustive.
  std::optional<Result> confirmed;
  if (r->verdict == Verdict::kFound) {
    confirmed.emplace();
    TakeFound(std::move(*r), &*confirmed);
  }
  r->exhaustive = r->verdict == Verdict::kNotFound;
  // Why the search was not exhaustive stays the reason (a FOUND has none).
  std::string why_partial = r->exhaustive || confirmed ? "" : r->reason;
  if (confirmed) why_partial = "optimistic: a candidate confirmed on the JVM ended the search";
  TakeFound(std::move(collected_[0]), r);
  r->reason = std::move(why_partial);
  for (size_t i = 1; i < collected_.size(); ++i) r->alternatives.push_back(std::move(collected_[i]));
  const bool another = confirmed && confirmed->precondition != r->precondition &&
                       std::none_of(r->alternatives.begin(), r->alternatives.end(),
                                    [&](const Result& c) { return c.precondition == confirmed->precondition; });
  if (another) r->alternatives.push_back(std::move(*confirmed));
  collected_.clear();
  auto merge = [&](const std::vector<Minterm>& shown) {
    std::vector<std::vector<Term>> merged = MergeDisjuncts(tm_, shown);
    simplify_disjunction(&merged);
    return DisjunctionText(tm_, merged);
  };
  if (collected_shown_.size() >= 2) r->merged_precondition = merge(collected_shown_);
  if (candidates_shown_.size() >= 2) r->merged_candidates = merge(candidates_shown_);
}

// Z3 (PLDI'09 Section 6 uses it so on minterms; here on the disjunction):
// a literal of a disjunct goes when the disjunct without it still implies
// the disjunction, and a disjunct goes when the others imply it. Each
// answer is an unsat proof over the exact encoding, so the disjunction
// keeps its meaning; a query that is not a proof changes nothing.
void WpProblem::simplify_disjunction(std::vector<std::vector<Term>>* ds) {
  constexpr int kMaxQueries = 64;
  int queries = 0;
  auto disjunction = [&](size_t skip) {
    std::vector<Term> ors;
    for (size_t k = 0; k < ds->size(); ++k) {
      if (k != skip) ors.push_back(tm_.mk_and((*ds)[k]));
    }
    return tm_.mk_or(ors);
  };
  // What every state at the entry keeps: the field facts of the fields the
  // disjunction reads (a state no program can make needs no disjunct) and
  // what class constants are (distinct objects of known classes).
  std::vector<Term> background;
  const Term all = disjunction(ds->size());
  if (!vocab_.add_field_values(all, entry_check_.Uninitialized(entry(acts_[0])), &background).empty()) {
    background.clear();
  }
  std::vector<Term> met = background;
  met.push_back(all);
  for (Term t : vocab_.class_constant_facts(met)) background.push_back(t);
  // Whether `premise` implies `conclusion`, proved.
  auto implies = [&](const std::vector<Term>& premise, Term conclusion) {
    if (++queries > kMaxQueries) return false;
    std::vector<Term> q = premise;
    q.insert(q.end(), background.begin(), background.end());
    q.push_back(tm_.mk_not(conclusion));
    return check(q, /*want_witness=*/false).proves_unsat();
  };
  for (size_t i = 0; i < ds->size(); ++i) {
    for (size_t k = 0; k < (*ds)[i].size() && (*ds)[i].size() > 1;) {
      std::vector<Term> fewer = (*ds)[i];
      fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(k));
      if (implies(fewer, disjunction(ds->size()))) {
        (*ds)[i] = std::move(fewer);
      } else {
        ++k;
      }
    }
  }
  for (size_t i = 0; i < ds->size() && ds->size() > 1;) {
    if (implies((*ds)[i], disjunction(i))) {
      ds->erase(ds->begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
}

}  // namespace jwp::wp::internal
