// The methods the user names as inputs and assumptions (issue #28,
// EngineOptions::inputs, callgraph/input_methods.h): a test harness's
// readInt(), a benchmark's Verifier.nondetInt() and Verifier.assume(c).
#include <string>
#include <string_view>
#include <vector>

#include "callgraph/input_methods.h"
#include "logic/substitution.h"
#include "logic/visit.h"
#include "models/string_model.h"
#include "wp/transformer.h"

namespace jwp::wp {

using logic::Sort;
using logic::Term;

namespace {

// The range of a value of descriptor `d` that the logic holds in an int.
bool IntRange(char d, int64_t* lo, int64_t* hi) {
  switch (d) {
    case 'Z': *lo = 0, *hi = 1; return true;
    case 'B': *lo = -128, *hi = 127; return true;
    case 'C': *lo = 0, *hi = 65535; return true;
    case 'S': *lo = -32768, *hi = 32767; return true;
    default: return false;
  }
}

}  // namespace

// φ[read + 1/read]: the post of a call that reads one input (`read`,
// Vocabulary::inputs_read, counts those read so far).
Term Transformer::after_one_input(const logic::Minterm& post) {
  const Term read = vocab_.inputs_read();
  const Term phi = post.formula(tm_);
  if (!logic::mentions(phi, read)) return phi;
  logic::Substitution next(tm_);
  next.add(read, tm_.mk_add(read, tm_.mk_int(1)));
  return next.apply(phi);
}

// wp(x = m(...), φ) for an input method m, along its normal edge:
//   φ' ∧ k == read ∧ (the range of x's type)    where φ' = φ[read + 1/read][s/x]
// `read` counts the input values read so far (Vocabulary::inputs_read: 0 at
// the entry), s is a fresh unknown of this call (a skolem of kind kInput,
// the value the witness gives the call) and k a fresh unknown of its
// position among the inputs (about s: the witness's position of s's value).
// When φ' does not mention s the call's value does not matter, and nor does
// its position: φ' alone. A String result is null or a String. A query of
// the file system (callgraph::FileQuery) is one too: a length is from 0,
// list's and listFiles' arrays are null or of their type, and a static
// query's path (java.nio.file.Files) is not null. The call runs none of m's code and throws nothing (the runner returns the value on
// entry), but an instance method's receiver must be non-null; the caller
// handles the exceptional edges.
Step Transformer::through_input_call(const ir::Instruction& call, const logic::Minterm& post) {
  const Term read = vocab_.inputs_read();
  Term phi = after_one_input(post);
  std::vector<Term> conds;
  const callgraph::FileQuery* query = callgraph::FileQueryOf(call.owner, call.name, call.descriptor);
  if ((call.invoke != ir::InvokeKind::kStatic || (query != nullptr && query->path_argument)) &&
      !call.operands.empty()) {
    conds.push_back(tm_.mk_ne(operand(call, 0), tm_.mk_null()));
  }
  if (call.result == ir::kNone || !logic::mentions(phi, var(call.result))) return conjoined(tm_, phi, std::move(conds));
  const std::string where = at(call);
  const std::string_view ret = std::string_view(call.descriptor).substr(call.descriptor.rfind(')') + 1);
  Sort sort;
  if (!logic::descriptor_sort(ret, &sort)) sort = Sort::Ref();
  const Term s = tm_.fresh_skolem(logic::SkolemKind::kInput, sort, vocab_.input_site(call, where, false));
  if (ret.size() == 1) tm_.set_java_type(s, ret);
  const Term k = tm_.fresh_skolem(logic::SkolemKind::kInput, Sort::Int(), vocab_.input_site(call, where, true), s);
  logic::Substitution value(tm_);
  value.add(var(call.result), s);
  phi = value.apply(phi);
  conds.push_back(tm_.mk_eq(k, read));
  if (int64_t lo = 0, hi = 0; ret.size() == 1 && IntRange(ret[0], &lo, &hi)) {
    const Term low = tm_.mk_int(static_cast<int32_t>(lo));
    const Term high = tm_.mk_int(static_cast<int32_t>(hi));
    conds.push_back(tm_.mk_le(low, s));
    conds.push_back(tm_.mk_le(s, high));
  }
  if (query != nullptr && query->non_negative) conds.push_back(tm_.mk_le(tm_.mk_integral(sort, 0), s));
  if (sort.is_ref()) {
    // A String, or a file query's array (list, listFiles): null, or an
    // array of the result's type of some length (whose elements the
    // witness runner names the directory's entries by, where it can).
    const Term is_null = tm_.mk_eq(s, tm_.mk_null());
    const Term type_of = tm_.mk_type_of(s);
    const Term type = vocab_.type(query != nullptr && query->array ? ret : std::string_view(models::kStringClass));
    conds.push_back(tm_.mk_or(is_null, tm_.mk_eq(type_of, type)));
  }
  return conjoined(tm_, phi, std::move(conds));
}

// wp(open0(p), φ) for a file opening (FileInputStream's or
// FileOutputStream's native open0), along the normal edge:
//   φ[read + 1/read] ∧ k == read ∧ s == 1 ∧ p != null
// and along the exceptional edge, with x a new FileNotFoundException:
//   φ[read + 1/read][x/exc] ∧ k == read ∧ s == 0 ∧ p != null
// s the input of whether it opens (the witness runner makes a file there,
// or none), k its position. What the opened stream then reads or writes is
// its natives' (skipped calls).
Step Transformer::through_file_opening(const ir::Instruction& call, const ir::Edge& e, const logic::Minterm& post) {
  const bool exceptional = e.kind == ir::EdgeKind::kException;
  // The edge of a null receiver: the receiver is the stream its
  // constructor made (open0 is private), never null.
  if (exceptional && e.thrown == "java/lang/NullPointerException") return Step{};
  const Term read = vocab_.inputs_read();
  const Term phi = after_one_input(post);
  const std::string where = at(call);
  const Term s = tm_.fresh_skolem(logic::SkolemKind::kInput, Sort::Int(), vocab_.input_site(call, where, false));
  tm_.set_java_type(s, "Z");
  const Term k = tm_.fresh_skolem(logic::SkolemKind::kInput, Sort::Int(), vocab_.input_site(call, where, true), s);
  std::vector<Term> conds;
  conds.push_back(tm_.mk_eq(k, read));
  conds.push_back(tm_.mk_eq(s, tm_.mk_int(exceptional ? 0 : 1)));
  if (call.operands.size() > 1) conds.push_back(tm_.mk_ne(operand(call, 1), tm_.mk_null()));
  if (!exceptional) return conjoined(tm_, phi, std::move(conds));
  const Term x = fresh_exception("java/io/FileNotFoundException");
  return thrown_along(e, x, phi, std::move(conds));
}

// wp(assume(c), φ) = c != 0 ∧ φ along the normal edge: a false argument
// ends the path (the method halts, or throws what the harness throws: no
// goal lies past it).
Step Transformer::through_assume_call(const ir::Instruction& call, const logic::Minterm& post) {
  const Term phi = post.formula(tm_);
  std::vector<Term> conds;
  const size_t arg = call.operands.size() - 1;
  if (call.invoke != ir::InvokeKind::kStatic && call.operands.size() > 1) {
    conds.push_back(tm_.mk_ne(operand(call, 0), tm_.mk_null()));
  }
  const Term condition = operand(call, arg);
  conds.push_back(tm_.mk_ne(condition, tm_.mk_int(0)));
  return conjoined(tm_, phi, std::move(conds));
}

}  // namespace jwp::wp
