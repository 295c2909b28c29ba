// The environment as input (issue #28): a system property or an
// environment variable that the program reads by a constant name is a value
// the witness sets, as `java -Dk=v` or `NAME=v java` would:
// Transformer::through_environment_read.
#include <string>
#include <vector>

#include "classfile/strings.h"
#include "logic/substitution.h"
#include "logic/visit.h"
#include "models/string_model.h"
#include "wp/transformer.h"

namespace jwp::wp {

using logic::Term;

std::optional<EnvironmentRead> EnvironmentReadOf(const ir::MethodIR& ir, const ir::Instruction& call) {
  if (call.op != ir::Op::kInvoke || call.invoke != ir::InvokeKind::kStatic || call.owner != "java/lang/System" ||
      call.operands.empty()) {
    return std::nullopt;
  }
  EnvironmentRead r;
  constexpr std::string_view kOneString = "(Ljava/lang/String;)Ljava/lang/String;";
  if (call.name == "getenv") {
    if (call.descriptor != kOneString || call.operands.size() != 1) return std::nullopt;
    r.source = EnvironmentRead::Source::kEnvironmentVariable;
  } else if (call.name != "getProperty") {
    return std::nullopt;
  } else if (call.descriptor == "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;" &&
             call.operands.size() == 2) {
    r.with_default = true;
  } else if (call.descriptor != kOneString || call.operands.size() != 1) {
    return std::nullopt;
  }
  // A constant name: getProperty checks it (NullPointerException for null,
  // IllegalArgumentException for ""), getenv too (NullPointerException),
  // and a name computed at run time is left to the JDK's code. An
  // environment variable's name never holds '=' (no process can set one).
  const ir::ValueId key = call.operands[0];
  if (key < 0 || ir.values[key].def == ir::kNone) return std::nullopt;
  const ir::Instruction& def = ir.def(key);
  if (def.op != ir::Op::kConst || def.const_kind != ir::ConstKind::kString || def.text.empty()) return std::nullopt;
  if (r.source == EnvironmentRead::Source::kEnvironmentVariable && def.text.find('=') != std::string::npos) {
    return std::nullopt;
  }
  r.key = def.text;
  return r;
}

// wp(r = System.getProperty("k"), φ) = (p == null ∨ typeOf(p) == String) ∧ φ[p/r]
// (System.getenv("NAME") alike)
// with p a fresh unknown of this read (a skolem: what the property holds
// when the program reads it, whatever set it before), and
// (p == null ∧ φ[d/r]) ∨ (p != null ∧ typeOf(p) == String ∧ φ[p/r]) for
// getProperty("k", d). For a constant, non-empty name the read throws
// only under a security manager the program installed (JDK 17 deprecates
// them; the witness runner installs none): its exceptional edges are lossy
// (WpProblem::through_modelled_call). A minterm that
// constrains p is a candidate for the JVM: the witness sets the property
// to p's value before the call (Replay::properties, Replay::variables: the
// runner starts the JVM that runs the entry with them), and only a run that
// reaches the goal makes it a FOUND. Each read gets its own unknown: a
// program that sets the property between two reads is over-approximated,
// never missed.
Step Transformer::through_environment_read(const ir::Instruction& call, const EnvironmentRead& read,
                                           const logic::Minterm& post) {
  const uint32_t site = vocab_.environment_site(read, SourceLocation(ir_, call));
  const Term p = tm_.fresh_skolem(logic::SkolemKind::kInput, logic::Sort::Ref(), site);
  const Term string_type = vocab_.type(models::kStringClass);
  const Term is_string = tm_.mk_eq(tm_.mk_type_of(p), string_type);
  const Term p_null = tm_.mk_eq(p, tm_.mk_null());
  std::vector<Term> conds;
  conds.push_back(tm_.mk_or(p_null, is_string));
  if (call.result == ir::kNone) {
    return conjoined(tm_, post.formula(tm_), std::move(conds));
  }
  if (!read.with_default) return assign(call, post, p, std::move(conds));
  // The default when the property is not set, as two cases.
  Step st = assign(call, post, operand(call, 1), {p_null});
  Step set = assign(call, post, p, {tm_.mk_not(p_null), is_string});
  st.append(std::move(set));
  return st;
}

bool IsSecurityManagerRead(const ir::Instruction& call) {
  return call.op == ir::Op::kInvoke && call.invoke == ir::InvokeKind::kStatic && call.owner == "java/lang/System" &&
         call.name == "getSecurityManager" && call.descriptor == "()Ljava/lang/SecurityManager;";
}

// wp(r = System.getSecurityManager(), φ) = φ[null/r]. The JDK's code asks
// it before a check (`if (sm != null) sm.checkRead(name)`), and exploring
// the checks (FilePermission's parser of "read", AccessController's
// contexts) cost whole budgets; a program's own security manager is the
// environment the search leaves out, as it does the SecurityException of a
// property read: a minterm that mentions r without saying r == null may
// hold for a non-null manager too, and that case is not explored (lossy:
// no NOT_FOUND rests on it).
Step Transformer::through_security_manager_read(const ir::Instruction& call, const logic::Minterm& post) {
  const Term phi = post.formula(tm_);
  if (call.result == ir::kNone || !logic::mentions(phi, var(call.result))) return conjoined(tm_, phi, {});
  const Term r = var(call.result);
  const Term is_null = tm_.mk_eq(r, tm_.mk_null());
  const bool says_null = post.contains(is_null);
  Step st = assign(call, post, tm_.mk_null(), {});
  if (!says_null) {
    st.lossy = Cat("System.getSecurityManager() at ", SourceLocation(ir_, call),
                   ": a security manager the program installs is not explored");
  }
  return st;
}

}  // namespace jwp::wp
