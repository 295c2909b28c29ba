// INTRAWP (PLDI'09 Figure 3) with the Section 6 search heuristic; see
// engine.h for the departures from the figure.
#include "wp/engine.h"

#include <algorithm>
#include <chrono>
#include <queue>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "classfile/descriptor.h"
#include "classfile/strings.h"
#include "ir/dominators.h"
#include "logic/printer.h"
#include "logic/visit.h"
#include "simplifier/hierarchy_type_facts.h"
#include "simplifier/simplifier.h"
#include "solver/solver.h"
#include "wp/transformer.h"
#include "wp/vocabulary.h"

namespace jwp::wp {

using logic::Minterm;
using logic::Term;

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kFound: return "FOUND";
    case Verdict::kNotFound: return "NOT_FOUND";
    case Verdict::kUnknown: return "UNKNOWN";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

std::string dotted(std::string_view internal) {
  std::string s(internal);
  std::replace(s.begin(), s.end(), '/', '.');
  return s;
}

// A program point: before instruction `k` of block `b`.
struct Point {
  ir::BlockId b;
  int32_t k;
  friend bool operator==(Point, Point) = default;
  template <typename H>
  friend H AbslHashValue(H h, Point p) {
    return H::combine(std::move(h), p.b, p.k);
  }
};

struct Item {
  Point at;
  Minterm phi;
  uint32_t loops;    // back edges crossed (backwards)
  uint64_t seq;      // creation order
  int32_t path;      // index into the path nodes
  int32_t site;      // index of the goal site it started from
};

struct ItemOrder {  // min-heap: fewer loops first, then first come
  bool operator()(const Item& a, const Item& b) const {
    if (a.loops != b.loops) return a.loops > b.loops;
    return a.seq > b.seq;
  }
};

struct PathNode {
  int32_t line;
  int32_t parent;
};

class IntraSearch {
 public:
  IntraSearch(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& opt)
      : goal_(goal),
        ir_(*goal.ir),
        opt_(opt),
        types_(h),
        vocab_(tm_, h),
        ns_(vocab_.namespace_of(ir_)),
        transformer_(vocab_, ir_, ns_, &types_),
        simplifier_(tm_, &types_),
        dominators_(ir_),
        solver_(tm_, solver_options()) {}

  Result run();

 private:
  solver::SolverOptions solver_options() {
    solver::SolverOptions o;
    o.timeout_ms = opt_.solver_timeout_ms;
    o.types = &types_;
    return o;
  }
  void seed();
  void push(Point at, const Minterm& phi, uint32_t loops, int32_t path, int32_t site, int32_t line);
  void absorb(const Step& step, Point at, uint32_t loops, int32_t path, int32_t site, int32_t line);
  bool at_entry(const Item& item);
  std::vector<Term> entry_typing();
  void note(std::string reason);
  Replay replay(const solver::Witness& w);

  const Goal& goal_;
  const ir::MethodIR& ir_;
  const EngineOptions& opt_;
  logic::TermManager tm_;
  simplifier::HierarchyTypeFacts types_;
  Vocabulary vocab_;
  uint32_t ns_;
  Transformer transformer_;
  simplifier::Simplifier simplifier_;
  ir::Dominators dominators_;
  solver::Solver solver_;

  std::priority_queue<Item, std::vector<Item>, ItemOrder> work_;
  absl::flat_hash_map<Point, std::vector<Minterm>> seen_;
  std::vector<PathNode> nodes_;
  uint64_t seq_ = 0;
  Result result_;
  std::vector<std::string> reasons_;  // why the search is not exhaustive, in order
  absl::flat_hash_set<std::string> reason_set_;
  bool found_ = false;
};

void IntraSearch::note(std::string reason) {
  if (reason_set_.insert(reason).second) reasons_.push_back(std::move(reason));
}

void IntraSearch::push(Point at, const Minterm& raw, uint32_t loops, int32_t path, int32_t site,
                       int32_t line) {
  Minterm phi = simplifier_.simplify(raw);
  if (phi.is_false()) {
    ++result_.stats.proved_false;
    return;
  }
  std::vector<Minterm>& d = seen_[at];
  for (const Minterm& m : d) {
    if (m.subsumes(phi)) {  // m is weaker: phi adds nothing (Figure 3, merge)
      ++result_.stats.subsumed;
      return;
    }
  }
  d.push_back(phi);
  ++result_.stats.minterms;
  if (line >= 0 && (path < 0 || nodes_[path].line != line)) {
    nodes_.push_back({line, path});
    path = static_cast<int32_t>(nodes_.size()) - 1;
  }
  work_.push(Item{at, phi, loops, seq_++, path, site});
}

void IntraSearch::absorb(const Step& step, Point at, uint32_t loops, int32_t path, int32_t site,
                         int32_t line) {
  if (!step.unsupported.empty()) note(Cat("unsupported: ", step.unsupported));
  if (!step.lossy.empty()) note(Cat("incomplete: ", step.lossy));
  for (const Minterm& m : step.pre) push(at, m, loops, path, site, line);
}

void IntraSearch::seed() {
  for (size_t s = 0; s < goal_.sites.size(); ++s) {
    const GoalSite& site = goal_.sites[s];
    const int32_t si = static_cast<int32_t>(s);
    if (site.edge == ir::kNone) {
      // reach / throw: the instruction executes: true just before it.
      const ir::Block& b = ir_.blocks[site.block];
      int32_t k = static_cast<int32_t>(std::find(b.insns.begin(), b.insns.end(), site.insn) - b.insns.begin());
      push(Point{site.block, k}, Minterm(), 0, -1, si, site.line);
      continue;
    }
    // npe / exception / exit: the exceptional edge is taken.
    Minterm post;
    if (goal_.spec.kind != GoalKind::kNpe && site.type_test) {
      Term exc = tm_.exc();
      post = Minterm::of(tm_, {tm_.mk_ne(exc, tm_.mk_null()),
                               tm_.mk_instance_of(exc, tm_.mk_type(goal_.spec.exception_type))});
    }
    const ir::Edge& e = ir_.edges[site.edge];
    Step step = goal_.spec.kind == GoalKind::kNpe ? transformer_.null_dereference(site.edge, post)
                                                  : transformer_.through_edge(site.edge, post);
    ++result_.stats.steps;
    const ir::Block& from = ir_.blocks[e.from];
    int32_t k = from.insns.empty() ? 0 : static_cast<int32_t>(from.insns.size()) - 1;
    absorb(step, Point{e.from, k}, 0, -1, si, site.line);
  }
}

// The value range of a sub-int descriptor (Z B C S), as [lo, hi].
bool sub_int_range(std::string_view descriptor, int32_t* lo, int32_t* hi) {
  switch (descriptor.empty() ? ' ' : descriptor[0]) {
    case 'Z': *lo = 0; *hi = 1; return true;
    case 'B': *lo = -128; *hi = 127; return true;
    case 'C': *lo = 0; *hi = 65535; return true;
    case 'S': *lo = -32768; *hi = 32767; return true;
    default: return false;
  }
}

// Java values of sub-int types are ints in a range: parameters, fields,
// static fields and array elements of boolean, byte, char and short.
void add_ranges(logic::TermManager& tm, const Vocabulary& vocab, Term phi, std::vector<Term>* out) {
  auto range = [&](Term t, std::string_view desc) {
    int32_t lo, hi;
    if (!sub_int_range(desc, &lo, &hi)) return;
    out->push_back(tm.mk_le(tm.mk_int(lo), t));
    out->push_back(tm.mk_le(t, tm.mk_int(hi)));
  };
  for (Term t : logic::collect(phi, [](Term x) {
         return x.is(logic::TermKind::kRead) || x.is(logic::TermKind::kARead) || x.is_var();
       })) {
    if (t.is(logic::TermKind::kRead) && t.arg(0).is(logic::TermKind::kFieldConst) &&
        !tm.is_length_field(t.arg(0))) {
      range(t, tm.field_info(t.arg(0)).descriptor);
    } else if (t.is(logic::TermKind::kARead) && t.arg(0).is(logic::TermKind::kArrayConst)) {
      range(t, std::string(1, logic::array_kind_descriptor(tm.array_kind(t.arg(0)))));
    } else if (t.is_var()) {
      const Vocabulary::StaticField* f = vocab.static_field_of(t);
      if (f == nullptr) continue;
      range(t, f->descriptor);
      if (t.sort().is_ref() && !f->descriptor.empty()) {
        // A static field holds null or an instance of its declared type.
        std::string_view d = f->descriptor;
        Term type = tm.mk_type(d[0] == 'L' ? d.substr(1, d.size() - 2) : d);
        out->push_back(tm.mk_or(tm.mk_eq(t, tm.mk_null()), tm.mk_instance_of(t, type)));
      }
    }
  }
}

std::vector<Term> IntraSearch::entry_typing() {
  // Well-typed inputs: `this` is a non-null instance of its class (an
  // instantiable one, T3), reference parameters are null or instances of
  // their declared types.
  std::vector<Term> typing;
  for (size_t i = 0; i < ir_.params.size(); ++i) {
    ir::ValueId v = ir_.params[i];
    const ir::Value& val = ir_.values[v];
    if (!ir::IsReference(val.type.kind)) {
      // boolean, byte, char, short parameters: their range.
      auto md = classfile::ParseMethodDescriptor(ir_.method_descriptor);
      const size_t j = ir_.is_static ? i : i - 1;
      std::string desc = md.ok() && j < md->params.size() && md->params[j].array_dims == 0
                             ? md->params[j].Descriptor() : std::string();
      int32_t lo, hi;
      if (sub_int_range(desc, &lo, &hi)) {
        Term p = transformer_.var(v);
        typing.push_back(tm_.mk_le(tm_.mk_int(lo), p));
        typing.push_back(tm_.mk_le(p, tm_.mk_int(hi)));
      }
      continue;
    }
    Term p = transformer_.var(v);
    Term type = vocab_.type(val.type.descriptor);
    if (!ir_.is_static && i == 0) {
      typing.push_back(tm_.mk_ne(p, tm_.mk_null()));
      typing.push_back(tm_.mk_instance_of(p, tm_.mk_type(ir_.class_name)));
    } else if (!val.type.descriptor.empty()) {
      typing.push_back(tm_.mk_or(tm_.mk_eq(p, tm_.mk_null()), tm_.mk_instance_of(p, type)));
    }
  }
  return typing;
}

Replay IntraSearch::replay(const solver::Witness& w) {
  Replay r;
  r.entry_class = std::string(ir_.class_name);
  r.entry_method = std::string(ir_.method_name);
  r.entry_descriptor = std::string(ir_.method_descriptor);
  r.entry_static = ir_.is_static;
  auto value_of = [&](Term var) -> solver::WitnessValue {
    for (const auto& v : w.variables) {
      if (v.var == var) return v.value;
    }
    // Not constrained by the precondition: any value works; use the default.
    solver::WitnessValue d;
    logic::Sort s = var.sort();
    if (s.is_int()) d.kind = solver::WitnessValue::Kind::kInt;
    else if (s.is_long()) d.kind = solver::WitnessValue::Kind::kLong;
    else if (s.is_float()) d.kind = solver::WitnessValue::Kind::kFloat;
    else if (s.is_double()) d.kind = solver::WitnessValue::Kind::kDouble;
    else d.kind = solver::WitnessValue::Kind::kNull;
    return d;
  };
  for (size_t i = 0; i < ir_.params.size(); ++i) {
    Term p = transformer_.var(ir_.params[i]);
    if (!ir_.is_static && i == 0) {
      r.receiver = value_of(p);
    } else {
      r.arguments.push_back(value_of(p));
    }
  }
  r.heap = w.objects;
  for (solver::WitnessObject& o : r.heap) {
    if (!o.type.empty() && o.type[0] == '[' && !o.length) {
      // The formula never reads the length: any length covering the
      // elements it reads will do.
      int32_t n = 0;
      for (const auto& e : o.elements) n = std::max(n, e.index + 1);
      o.length = n;
    }
    if (o.type == "java/lang/String" && !o.string_value) {
      o.string_value = "";
      r.plain_strings.push_back(o.id);
    }
  }
  for (const auto& v : w.variables) {
    if (const Vocabulary::StaticField* f = vocab_.static_field_of(v.var)) {
      r.statics.push_back({f->owner, f->name, f->descriptor, v.value});
    }
  }
  return r;
}

bool IntraSearch::at_entry(const Item& item) {
  const Minterm& phi = item.phi;
  if (logic::mentions_skolem(phi)) {
    // A skipped call on every path of this minterm: name the calls.
    for (Term v : logic::free_variables(phi)) {
      const logic::VarInfo& info = tm_.var_info(v);
      if (info.role != logic::VarRole::kSkolem) continue;
      const ir::Instruction& call = ir_.insns[info.site];
      note(Cat("a call is skipped: ", dotted(call.owner), ".", call.name, call.descriptor,
               " at line ", call.line, " (calls are expanded by issue #6)"));
    }
    return false;
  }
  if (result_.stats.entry_checks >= opt_.max_entry_checks) {
    note("budget: too many final checks");
    return false;
  }
  ++result_.stats.entry_checks;
  std::vector<Term> query(phi.begin(), phi.end());
  for (Term t : entry_typing()) query.push_back(t);
  add_ranges(tm_, vocab_, phi.term(), &query);
  solver::CheckResult r = solver_.check(query, /*want_witness=*/true);
  // The solver's assumptions: a cut type domain can only turn sat into
  // unsat (so an unsat answer is not a proof); an uninterpreted operation
  // (Java's float remainder) can make a model that the JVM does not follow.
  bool domain_cut = false;
  std::vector<std::string> uninterpreted;
  for (const std::string& a : r.assumptions) {
    if (a.starts_with("finite type domain")) domain_cut = true;
    else uninterpreted.push_back(a);
  }
  if (r.answer == solver::SatAnswer::kUnsat) {
    if (domain_cut) note("solver: unsat only within a cut type domain (too many concrete subtypes)");
    return false;
  }
  if (r.answer == solver::SatAnswer::kUnknown) {
    note(Cat("solver unknown: ", r.reason));
    return false;
  }
  if (!uninterpreted.empty()) {
    note(Cat("not modelled exactly: ", uninterpreted.front()));
    return false;
  }
  if (!r.witness || !r.witness->replayable) {
    note("the solver's model could not be turned into a witness");
    return false;
  }
  result_.verdict = Verdict::kFound;
  result_.precondition = logic::to_java(tm_, phi);
  result_.smtlib = logic::to_smtlib(tm_, query);
  for (int32_t n = item.path; n >= 0; n = nodes_[n].parent) result_.path.push_back(nodes_[n].line);
  const GoalSite& site = goal_.sites[item.site];
  result_.goal_bci = site.bci;
  result_.goal_line = site.line;
  result_.witness = replay(*r.witness);
  return true;
}

Result IntraSearch::run() {
  const auto start = Clock::now();
  auto elapsed_ms = [&] {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  };
  result_.goal = goal_.spec.ToString();
  result_.entry = Cat(dotted(ir_.class_name), ".", ir_.method_name, ir_.method_descriptor);
  seed();
  std::string budget;
  while (!work_.empty()) {
    if (result_.stats.steps >= opt_.max_steps) {
      budget = Cat("budget: ", opt_.max_steps, " steps");
      break;
    }
    if (elapsed_ms() > opt_.timeout_ms) {
      budget = Cat("timeout: ", static_cast<int64_t>(opt_.timeout_ms), " ms");
      break;
    }
    if (tm_.num_terms() > opt_.max_terms) {
      budget = Cat("memory cap: ", opt_.max_terms, " terms");
      break;
    }
    Item item = work_.top();
    work_.pop();
    const Point at = item.at;
    if (at.b == ir_.entry && at.k == 0) {
      if (at_entry(item)) {
        found_ = true;
        break;
      }
      continue;
    }
    const ir::Block& b = ir_.blocks[at.b];
    if (at.k > 0) {
      const ir::InsnId insn = b.insns[at.k - 1];
      Step step = transformer_.through_instruction(insn, item.phi);
      ++result_.stats.steps;
      absorb(step, Point{at.b, at.k - 1}, item.loops, item.path, item.site, ir_.insns[insn].line);
      continue;
    }
    for (ir::EdgeId eid : b.preds) {
      const ir::Edge& e = ir_.edges[eid];
      Step step = transformer_.through_edge(eid, item.phi);
      ++result_.stats.steps;
      const ir::Block& from = ir_.blocks[e.from];
      const int32_t k = from.insns.empty() ? 0 : static_cast<int32_t>(from.insns.size()) - 1;
      const bool back = dominators_.Dominates(e.to, e.from);
      const int32_t line = from.insns.empty() ? -1 : ir_.insns[from.insns.back()].line;
      absorb(step, Point{e.from, k}, item.loops + (back ? 1 : 0), item.path, item.site, line);
    }
  }
  result_.stats.time_ms = elapsed_ms();
  result_.stats.terms = tm_.num_terms();
  if (found_) return result_;
  if (!budget.empty()) reasons_.insert(reasons_.begin(), budget);
  if (reasons_.empty()) {
    result_.verdict = Verdict::kNotFound;
    result_.reason = "exhaustive search: no path to the goal is feasible";
  } else {
    result_.verdict = Verdict::kUnknown;
    result_.reason = reasons_.front();
    for (size_t i = 1; i < reasons_.size() && i < 4; ++i) result_.reason += "; " + reasons_[i];
  }
  return result_;
}

}  // namespace

Result RunGoal(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& options) {
  IntraSearch search(h, goal, options);
  return search.run();
}

}  // namespace jwp::wp
