// Concolic refinement of optimistic candidates (issue #27; DART, PLDI'05;
// CUTE, FSE'05): the witness runner observes what each call a candidate
// assumed did on the JVM (Replay::observe, EngineOptions::Confirmation::
// calls). When the candidate is refuted, the values the calls returned
// become equalities on their skolems, and the candidate is solved again
// keeping as many of the refuted inputs as it can, so that the calls see
// the same arguments and give the same values: `hash(k) == expected` is
// found in one round (the observed hash of k chooses `expected`). What is
// learned only chooses the next inputs; the JVM still decides.
#include <charconv>

#include "logic/substitution.h"
#include "wp/wp_problem.h"

namespace jwp::wp::internal {

namespace {

// "a/B.m(I)V@12", as the runner names an observed call's site.
std::string SiteName(const Vocabulary::SkippedCall& c) {
  return Cat(c.class_name, ".", c.method, c.descriptor, "@", c.bci);
}

std::optional<int64_t> ParseInteger(std::string_view text) {
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

}  // namespace

// The invokes behind the skolems of `query` (each once, in the order of
// the skolems' sites).
std::vector<Replay::ObservedCall> WpProblem::observed_calls(const Minterm& query) const {
  std::vector<Replay::ObservedCall> calls;
  std::vector<uint32_t> sites;
  for (Term v : logic::free_variables(query)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role == logic::VarRole::kSkolem && vocab_.skipped_call(info.site) != nullptr) sites.push_back(info.site);
  }
  std::sort(sites.begin(), sites.end());
  sites.erase(std::unique(sites.begin(), sites.end()), sites.end());
  for (uint32_t site : sites) {
    const Vocabulary::SkippedCall& c = *vocab_.skipped_call(site);
    calls.push_back({c.class_name, c.method, c.descriptor, c.bci, c.callee, c.callee_descriptor});
  }
  return calls;
}

// For each observed call whose result is one skolem of `query` (a call
// passed once on the path; a call in a loop has one per iteration, and the
// runner saw only the first), what it returned: an integral value or null
// (put in for the skolem, so that the precondition says it over the
// inputs), or an object of a class (facts on the skolem).
std::optional<Minterm> WpProblem::with_observed_values(const Minterm& asked, const Minterm& query,
                                        const std::vector<EngineOptions::Confirmation::Call>& calls) {
  absl::flat_hash_map<std::string, std::vector<Term>> results;  // site name -> its σ_ret skolems
  for (Term v : logic::free_variables(query)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role != logic::VarRole::kSkolem || info.skolem_kind != logic::SkolemKind::kRet) continue;
    if (const Vocabulary::SkippedCall* c = vocab_.skipped_call(info.site)) results[SiteName(*c)].push_back(v);
  }
  logic::Substitution values(tm_);
  std::vector<Term> facts;
  for (const EngineOptions::Confirmation::Call& call : calls) {
    auto it = results.find(call.site);
    if (it == results.end() || it->second.size() != 1) continue;
    const Term r = it->second.front();
    constexpr std::string_view kReturned = "returned ";
    if (!call.outcome.starts_with(kReturned)) continue;  // threw (refine), or not observed
    const std::string_view what = std::string_view(call.outcome).substr(kReturned.size());
    const size_t blank = what.find(' ');
    const std::string_view kind = what.substr(0, blank);
    const std::string_view rest = blank == std::string_view::npos ? std::string_view() : what.substr(blank + 1);
    if (r.sort().is_ref()) {
      if (kind == "null") {
        values.add(r, tm_.mk_null());
      } else if (kind == "object" || kind == "string") {
        const std::string type = kind == "string" ? std::string("java/lang/String") : std::string(rest);
        facts.push_back(tm_.mk_ne(r, tm_.mk_null()));
        const Term observed = vocab_.type(type);
        facts.push_back(tm_.mk_eq(tm_.mk_type_of(r), observed));
      }
      continue;
    }
    if (!r.sort().is_int() && !r.sort().is_long()) continue;  // float, double: not learned
    std::optional<int64_t> value;
    if (kind == "boolean") value = rest == "true" ? 1 : rest == "false" ? std::optional<int64_t>(0) : std::nullopt;
    else if (kind == "int" || kind == "long" || kind == "char" || kind == "short" || kind == "byte") value = ParseInteger(rest);
    if (value) values.add(r, tm_.mk_integral(r.sort(), *value));
  }
  if (values.empty() && facts.empty()) return std::nullopt;
  return logic::conjoin(tm_, values.apply(asked), Minterm::of(tm_, facts));
}

// A witness of `query` with as many of `pins` (the refuted witness's
// inputs) as it can keep: all of them if it can, else each one that still
// leaves the query satisfiable, in order (a solve per pin).
std::optional<EntryCheck::Found> WpProblem::solve_keeping_inputs(const Minterm& query, const std::vector<Term>& pins,
                                                                 const CandidateSolve& solve) {
  if (pins.empty()) return solve(query);
  if (std::optional<EntryCheck::Found> all = solve(logic::conjoin(tm_, query, Minterm::of(tm_, pins)))) return all;
  std::vector<Term> kept;
  std::optional<EntryCheck::Found> best;
  for (Term pin : pins) {
    kept.push_back(pin);
    if (std::optional<EntryCheck::Found> f = solve(logic::conjoin(tm_, query, Minterm::of(tm_, kept)))) {
      best = std::move(f);
    } else {
      kept.pop_back();
    }
  }
  return best ? std::move(best) : solve(query);
}

}  // namespace jwp::wp::internal
