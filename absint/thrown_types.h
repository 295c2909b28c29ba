// The exception types that may leave a method (issue #30: jwp exceptions
// asks, for each, when the method throws it).
//
// An over-approximation for choosing goals, not a result: a type listed
// that no input raises is a goal the search answers NOT_FOUND; a type not
// listed is one jwp does not document. What leaves the method, by the
// edges into its exceptional exit (ir::LeavesMethod: through synchronized
// blocks' handlers too):
//   - an athrow's operand: its static type (kThrow); the rethrow of what a
//     handler caught is the types that enter that handler;
//   - an implicit exception of the JVM (NullPointerException,
//     ArrayIndexOutOfBoundsException, ClassCastException, ...): the edge's
//     type (kImplicit);
//   - a call's: the types that may leave its targets (class-hierarchy
//     targets, at most `max_targets` of them; a call with more, or an
//     opaque invokedynamic, adds nothing), followed `callee_depth` calls
//     deep, and the types the targets declare (`throws`) (kCallee). In a
//     callee of a class `guarded_class` names (the JDK's, which check their
//     arguments explicitly), an implicit exception counts only when its
//     instruction uses one of the callee's parameters: the JDK's
//     StringBuilder indexing its own array is its business, not a caller's.
//     A store into an array parameter that the call site passes as a fresh
//     Object[] (javac's varargs) is no ArrayStoreException, nor is a
//     parameter the call site allocated null.
// A type is dropped on an edge whose not_caught_by list has a supertype of
// it (an earlier handler catches it), and on an edge into a handler whose
// catch type is unrelated.
#ifndef JWP_ABSINT_THROWN_TYPES_H_
#define JWP_ABSINT_THROWN_TYPES_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "callgraph/method_cache.h"
#include "callgraph/method_ref.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::absint {

struct ThrownType {
  std::string type;  // internal name
  // The first way it leaves; kDocumented: not found here, named by a
  // client (jwp exceptions: the Javadoc says the method throws it).
  enum class Origin { kThrow, kImplicit, kCallee, kDocumented } origin = Origin::kThrow;
  std::set<int32_t> lines;  // the method's lines where it leaves (-1: unknown)
};

struct ThrownTypesOptions {
  uint32_t callee_depth = 2;  // calls followed below the method
  size_t max_targets = 4;     // a call with more class-hierarchy targets adds nothing
  size_t max_methods = 96;    // methods read per query (then the rest add nothing)
  // Classes (internal names) whose implicit exceptions on their own state
  // are not listed when they are callees (none when empty).
  std::function<bool(std::string_view)> guarded_class;
};

class ThrownTypes {
 public:
  ThrownTypes(const classfile::ClassHierarchy& h, callgraph::MethodCache& cache, ThrownTypesOptions options = {})
      : h_(h), cache_(cache), options_(options) {}

  // The types that may leave `ir`'s method: those it throws itself first,
  // then the JVM's, then its callees', each group in order of first line.
  std::vector<ThrownType> Of(const ir::MethodIR& ir);

 private:
  struct Query {
    size_t methods_read = 0;
  };
  // How a method is called: by its caller's call site.
  struct Context {
    bool callee = false;              // below the method asked about
    uint64_t fresh_object_arrays = 0;  // bit i: parameter i is a fresh Object[] of the caller
    uint64_t fresh = 0;                // bit i: parameter i is an object or array the caller made (not null)
  };
  // Types (internal names) that may leave `m`, `depth` calls deep more.
  std::set<std::string> Leaving(const callgraph::MethodId& m, uint32_t depth, Context c, Query* q);
  // The types that may go along exceptional edge `e` of `ir` (from its
  // instruction), `depth` calls deep more for a call.
  std::set<std::string> AlongEdge(const ir::MethodIR& ir, ir::EdgeId e, uint32_t depth, const Context& c, Query* q,
                                  ThrownType::Origin* origin);
  // Whether the implicit exception `type` of `in` (in `ir`, called as `c`)
  // is one to list.
  bool ImplicitListed(const ir::MethodIR& ir, const ir::Instruction& in, std::string_view type,
                      const Context& c) const;
  std::set<std::string> CalleeTypes(const ir::MethodIR& ir, const ir::Instruction& invoke, uint32_t depth, Query* q);
  // Whether an exception of `type` can take edge `e` (its handlers' rules).
  bool Passes(const ir::Edge& e, const std::string& type) const;

  const classfile::ClassHierarchy& h_;
  callgraph::MethodCache& cache_;
  ThrownTypesOptions options_;
  std::map<std::tuple<callgraph::MethodId, uint32_t, uint64_t, uint64_t>, std::set<std::string>> memo_;
};

}  // namespace jwp::absint

#endif  // JWP_ABSINT_THROWN_TYPES_H_
