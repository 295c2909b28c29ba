#include "app/findbugs_report.h"

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <system_error>
#include <utility>

#include <pugixml.hpp>

#include "absl/status/status.h"
#include "absl/strings/str_join.h"
#include "classfile/class_path.h"
#include "classfile/descriptor.h"
#include "classfile/strings.h"
#include "ir/builder.h"

namespace jwp::app {
namespace {

constexpr std::string_view kNpeType = "java/lang/NullPointerException";
constexpr std::string_view kDerefRole = "SOURCE_LINE_DEREF";
constexpr std::string_view kInvokedRole = "SOURCE_LINE_INVOKED";
constexpr std::string_view kReturnedRole = "SOURCE_LINE_RETURNED";
constexpr std::string_view kKnownNullRole = "SOURCE_LINE_KNOWN_NULL";
constexpr std::string_view kRedundantCheckRole = "SOURCE_REDUNDANT_NULL_CHECK";

// The report types that make goals, by where they put the dereference (the
// rules at the top of findbugs_report.h).
enum class Shape { kNone, kDeref, kFromReturnValue, kNullParam, kRedundantCheck };

Shape ShapeOf(std::string_view type) {
  static constexpr std::string_view kDerefTypes[] = {
      "NP_NULL_ON_SOME_PATH",           "NP_NULL_ON_SOME_PATH_EXCEPTION",
      "NP_NULL_ON_SOME_PATH_MIGHT_BE_INFEASIBLE", "NP_GUARANTEED_DEREF",
      "NP_GUARANTEED_DEREF_ON_EXCEPTION_PATH",    "NP_ALWAYS_NULL",
      "NP_ALWAYS_NULL_EXCEPTION",       "NP_DEREFERENCE_OF_READLINE_VALUE",
      "NP_IMMEDIATE_DEREFERENCE_OF_READLINE"};
  static constexpr std::string_view kNullParamTypes[] = {
      "NP_NULL_PARAM_DEREF", "NP_NULL_PARAM_DEREF_ALL_TARGETS_DANGEROUS", "NP_NULL_PARAM_DEREF_NONVIRTUAL"};
  if (type == "NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE") return Shape::kFromReturnValue;
  if (type == "RCN_REDUNDANT_NULLCHECK_WOULD_HAVE_BEEN_A_NPE") return Shape::kRedundantCheck;
  if (std::find(std::begin(kNullParamTypes), std::end(kNullParamTypes), type) != std::end(kNullParamTypes)) {
    return Shape::kNullParam;
  }
  if (std::find(std::begin(kDerefTypes), std::end(kDerefTypes), type) != std::end(kDerefTypes)) return Shape::kDeref;
  return Shape::kNone;
}

std::string Dotted(std::string_view internal_name) { return classfile::JavaName(internal_name); }


// ---------------------------------------------------------------------------
// The reader.

// The 1-based line of byte `offset` of `text` (offsets out of range are clamped).
int64_t LineAt(std::string_view text, ptrdiff_t offset) {
  const auto end = static_cast<size_t>(std::clamp<ptrdiff_t>(offset, 0, static_cast<ptrdiff_t>(text.size())));
  return 1 + std::count(text.begin(), text.begin() + static_cast<ptrdiff_t>(end), '\n');
}

class Reader {
 public:
  Reader(std::string_view xml, const std::string& name) : xml_(xml), name_(name) {}

  absl::StatusOr<FindBugsFile> Read() {
    if (xml_.empty()) return absl::InvalidArgumentError(Cat(name_, ": empty file, not a BugCollection XML"));
    pugi::xml_parse_result parsed = doc_.load_buffer(xml_.data(), xml_.size(), pugi::parse_default);
    if (!parsed) {
      return absl::InvalidArgumentError(Cat(name_, ":", LineAt(xml_, parsed.offset), ": not well-formed XML: ",
                                            parsed.description()));
    }
    pugi::xml_node root = doc_.document_element();
    if (std::string_view(root.name()) != "BugCollection") {
      return Error(root, Cat("the root element is <", root.name(),
                             ">, not <BugCollection> (FindBugs' or SpotBugs' -xml output)"));
    }
    FindBugsFile file;
    file.tool_version = root.attribute("version").value();
    file.project = root.child("Project").attribute("projectName").value();
    int index = 0;
    for (pugi::xml_node b : root.children("BugInstance")) {
      FindBugsReport r;
      if (absl::Status s = ReadReport(b, index++, &r); !s.ok()) return s;
      file.reports.push_back(std::move(r));
    }
    return file;
  }

 private:
  absl::Status Error(const pugi::xml_node& node, std::string_view what) const {
    return absl::InvalidArgumentError(Cat(name_, ":", LineAt(xml_, node.offset_debug()), ": ", what));
  }

  // An optional integer attribute: *out keeps its value when it is absent.
  absl::Status Number(const pugi::xml_node& node, const char* attr, int64_t min, std::string_view where,
                      int32_t* out) const {
    pugi::xml_attribute a = node.attribute(attr);
    if (!a) return absl::OkStatus();
    std::string_view text = a.value();
    int64_t n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    const bool overflow = ec == std::errc::result_out_of_range;
    if (text.empty() || end != text.data() + text.size() || (ec != std::errc() && !overflow)) {
      return Error(node, Cat(where, ": <", node.name(), "> ", attr, "=\"", text, "\" is not an integer"));
    }
    if (overflow || n < min || n > std::numeric_limits<int32_t>::max()) {
      return Error(node, Cat(where, ": <", node.name(), "> ", attr, "=\"", text, "\" is out of range (", min, " to ",
                             std::numeric_limits<int32_t>::max(), ")"));
    }
    *out = static_cast<int32_t>(n);
    return absl::OkStatus();
  }

  absl::Status ReadPrimaryMethod(const pugi::xml_node& primary, const std::string& where, FindBugsReport* r) const {
    for (const char* attr : {"classname", "name", "signature"}) {
      if (std::string_view(primary.attribute(attr).value()).empty()) {
        return Error(primary, Cat(where, ": the primary <Method> has no ", attr, " attribute"));
      }
    }
    r->class_name = classfile::InternalName(primary.attribute("classname").value());
    r->method_name = primary.attribute("name").value();
    r->descriptor = primary.attribute("signature").value();
    r->is_static = primary.attribute("isStatic").as_bool();
    if (!classfile::ParseMethodDescriptor(r->descriptor).ok()) {
      return Error(primary, Cat(where, ": the primary <Method> signature \"", r->descriptor,
                                "\" is not a method descriptor such as (Ljava/lang/String;)V"));
    }
    return absl::OkStatus();
  }

  absl::Status ReadReport(const pugi::xml_node& b, int index, FindBugsReport* r) const {
    r->index = index;
    r->type = b.attribute("type").value();
    const std::string where = Cat("BugInstance ", index, r->type.empty() ? "" : Cat(" (", r->type, ")"));
    if (r->type.empty()) return Error(b, Cat(where, ": no type attribute"));
    r->instance_hash = b.attribute("instanceHash").value();
    if (absl::Status s = Number(b, "priority", std::numeric_limits<int32_t>::min(), where, &r->priority); !s.ok()) {
      return s;
    }
    pugi::xml_node message = b.child("LongMessage");
    if (!message) message = b.child("ShortMessage");
    r->message = std::string(StripWhitespace(message.child_value()));

    // The primary method: primary="true", else (older writers) the first
    // <Method> without a role, which is the one FindBugs adds first.
    pugi::xml_node primary;
    for (pugi::xml_node m : b.children("Method")) {
      std::string_view role = m.attribute("role").value();
      if (role == "METHOD_CALLED" && r->called.empty()) {
        r->called = Cat(m.attribute("classname").value(), ".", m.attribute("name").value(),
                        m.attribute("signature").value());
      }
      if (m.attribute("primary").as_bool() && !primary.attribute("primary").as_bool()) primary = m;
      if (!primary && role.empty()) primary = m;
    }
    if (!primary) {
      // Class- and field-level reports (SE_BAD_FIELD, IS2_INCONSISTENT_SYNC,
      // ...) name no method; a dereference report must.
      if (IsDereferenceReport(r->type)) return Error(b, Cat(where, ": no primary <Method>"));
      pugi::xml_node cls = b.child("Class");
      for (pugi::xml_node c : b.children("Class")) {
        if (c.attribute("primary").as_bool()) {
          cls = c;
          break;
        }
      }
      r->class_name = classfile::InternalName(cls.attribute("classname").value());
    } else if (absl::Status s = ReadPrimaryMethod(primary, where, r); !s.ok()) {
      return s;
    }
    for (pugi::xml_node s : b.children("SourceLine")) {
      FindBugsSourceLine line;
      line.role = s.attribute("role").value();
      line.primary = s.attribute("primary").as_bool();
      for (auto [attr, field] : {std::pair{"start", &line.start}, std::pair{"end", &line.end},
                                 std::pair{"startBytecode", &line.start_bci},
                                 std::pair{"endBytecode", &line.end_bci}}) {
        if (absl::Status st = Number(s, attr, -1, where, field); !st.ok()) return st;
      }
      r->source_lines.push_back(std::move(line));
    }
    for (pugi::xml_node n : b.children("Int")) {
      if (std::string_view(n.attribute("role").value()) != "INT_MAYBE_NULL_ARG") continue;
      if (!n.attribute("value")) return Error(n, Cat(where, ": <Int role=\"INT_MAYBE_NULL_ARG\"> has no value"));
      int32_t k = 0;
      if (absl::Status st = Number(n, "value", 1, where, &k); !st.ok()) return st;
      r->argument = k;
      break;
    }
    for (pugi::xml_node n : b.children()) {
      std::string_view tag = n.name();
      if (tag != "LocalVariable" && tag != "Field") continue;
      r->value_name = n.attribute("name").value();
      if (r->value_name == "?") r->value_name.clear();
      r->value_is_field = tag == "Field";
      break;
    }
    PlaceDereference(r);
    return absl::OkStatus();
  }

  // Sets line/bci/role (and use_*) by the rules at the top of findbugs_report.h.
  static void PlaceDereference(FindBugsReport* r) {
    auto with_role = [&](std::string_view role) -> const FindBugsSourceLine* {
      for (const auto& s : r->source_lines) {
        if (s.role == role) return &s;
      }
      return nullptr;
    };
    auto primary = [&](bool without_role) -> const FindBugsSourceLine* {
      for (const auto& s : r->source_lines) {
        if (s.primary && (!without_role || s.role.empty())) return &s;
      }
      return nullptr;
    };
    const FindBugsSourceLine* at = nullptr;
    switch (ShapeOf(r->type)) {
      case Shape::kDeref:
        at = with_role(kDerefRole);
        if (at == nullptr) at = primary(false);
        break;
      case Shape::kFromReturnValue: {
        at = with_role(kKnownNullRole);
        for (const auto& s : r->source_lines) {
          if (s.role == kDerefRole || s.role == kInvokedRole || s.role == kReturnedRole) {
            r->use_line = s.start;
            r->use_bci = s.start_bci;
            r->use_role = s.role;
            break;
          }
        }
        break;
      }
      case Shape::kNullParam:
        at = with_role(kInvokedRole);
        if (at == nullptr) at = primary(false);
        break;
      case Shape::kRedundantCheck:
        at = primary(true);
        if (at == nullptr) at = with_role("");
        break;
      case Shape::kNone:
        at = primary(false);
        if (at == nullptr && !r->source_lines.empty()) at = &r->source_lines.front();
        break;
    }
    if (at != nullptr) {
      r->line = at->start;
      r->bci = at->start_bci;
      r->role = at->role;
    }
  }

  std::string_view xml_;
  const std::string& name_;
  pugi::xml_document doc_;
};

// ---------------------------------------------------------------------------
// Locating a report's goal in the IR.

// "report 3 (NP_NULL_ON_SOME_PATH in pkg.C.m(desc))"
std::string Describe(const FindBugsReport& r) {
  return Cat("report ", r.index, " (", r.type, " in ", Dotted(r.class_name), ".", r.method_name, r.descriptor, ")");
}

// Where an instruction is, for messages: "bci 12 (line 40)".
std::string Where(const ir::Instruction& in) {
  return in.line >= 0 ? Cat("bci ", in.bci, " (line ", in.line, ")") : Cat("bci ", in.bci);
}

// What an instruction is, for messages: "getfield pkg.C.f", "call of pkg.C.m".
std::string What(const ir::Instruction& in) {
  switch (in.op) {
    case ir::Op::kInvoke: return Cat("call of ", Dotted(in.owner), ".", in.name);
    case ir::Op::kGetField: case ir::Op::kPutField: case ir::Op::kGetStatic: case ir::Op::kPutStatic:
      return Cat(ir::OpName(in.op), " ", Dotted(in.owner), ".", in.name);
    default: return ir::OpName(in.op);
  }
}

// Uses and flows of the values of one method's IR.
class ValueFlow {
 public:
  explicit ValueFlow(const ir::MethodIR& ir) : ir_(ir), users_(ir.values.size()) {
    for (size_t i = 0; i < ir.insns.size(); ++i) {
      for (ir::ValueId v : ir.insns[i].operands) {
        if (v >= 0 && static_cast<size_t>(v) < users_.size()) users_[v].push_back(static_cast<ir::InsnId>(i));
      }
    }
  }

  const ir::MethodIR& ir() const { return ir_; }

  // The instructions from bytecode offset `bci` (never parameters or phis,
  // as wp::ResolveGoal), in block order.
  std::vector<ir::InsnId> At(int32_t bci) const {
    std::vector<ir::InsnId> out;
    for (const ir::Block& b : ir_.blocks) {
      for (ir::InsnId i : b.insns) {
        const ir::Instruction& in = ir_.insns[i];
        if (in.op != ir::Op::kParam && in.op != ir::Op::kPhi && in.bci == static_cast<uint32_t>(bci)) out.push_back(i);
      }
    }
    return out;
  }

  // Every instruction of the method (never parameters or phis) by
  // bytecode offset, then block order.
  std::vector<ir::InsnId> InBytecodeOrder() const {
    std::vector<ir::InsnId> out;
    for (const ir::Block& b : ir_.blocks) {
      for (ir::InsnId i : b.insns) {
        if (ir_.insns[i].op != ir::Op::kParam && ir_.insns[i].op != ir::Op::kPhi) out.push_back(i);
      }
    }
    std::stable_sort(out.begin(), out.end(),
                     [&](ir::InsnId a, ir::InsnId b) { return ir_.insns[a].bci < ir_.insns[b].bci; });
    return out;
  }

  // The value whose nullness throws a NullPointerException at `i` (operand
  // 0: the object, array, receiver or exception; see wp/goal.h, npe), or
  // kNone when the IR gives `i` no such edge.
  ir::ValueId Dereferenced(ir::InsnId i) const {
    const ir::Instruction& in = ir_.insns[i];
    if (ir_.ThrowingInsn(in.block) != i || in.operands.empty()) return ir::kNone;
    for (ir::EdgeId e : ir_.blocks[in.block].succs) {
      const ir::Edge& edge = ir_.edges[e];
      if (edge.kind == ir::EdgeKind::kException && edge.thrown == kNpeType) return in.operands[0];
    }
    return ir::kNone;
  }

  // K (1-based, the receiver not counted) of the first reference argument
  // of call `i` that is one of `values`; 0 when there is none.
  int32_t ArgumentIn(ir::InsnId i, const std::set<ir::ValueId>& values) const {
    const ir::Instruction& in = ir_.insns[i];
    if (in.op != ir::Op::kInvoke || in.invoke == ir::InvokeKind::kDynamic) return 0;
    auto desc = classfile::ParseMethodDescriptor(in.descriptor);
    if (!desc.ok()) return 0;
    const size_t first = in.invoke == ir::InvokeKind::kStatic ? 0 : 1;
    for (size_t k = 0; k < desc->params.size() && first + k < in.operands.size(); ++k) {
      if (desc->params[k].IsReference() && values.count(in.operands[first + k]) > 0) {
        return static_cast<int32_t>(k + 1);
      }
    }
    return 0;
  }

  // `v` and the values that hold it unchanged on some path: checkcast and
  // Class.cast results, and phis that merge it (with anything: a
  // dereference of such a phi is one of `v` on the paths that bring `v`).
  std::set<ir::ValueId> Carriers(ir::ValueId v) const {
    std::set<ir::ValueId> out{v};
    std::vector<ir::ValueId> work{v};
    while (!work.empty()) {
      ir::ValueId x = work.back();
      work.pop_back();
      for (ir::InsnId u : users_[x]) {
        const ir::Instruction& in = ir_.insns[u];
        if (in.result == ir::kNone) continue;
        if (in.op == ir::Op::kPhi || (in.op == ir::Op::kCheckCast && in.operands[0] == x) ||
            (IsClassCast(in) && in.operands[1] == x)) {
          if (out.insert(in.result).second) work.push_back(in.result);
        }
      }
    }
    return out;
  }

  // `v` and the values it holds unchanged: the reverse of Carriers.
  std::set<ir::ValueId> Origins(ir::ValueId v) const {
    std::set<ir::ValueId> out{v};
    std::vector<ir::ValueId> work{v};
    while (!work.empty()) {
      const ir::Value& val = ir_.values[work.back()];
      work.pop_back();
      if (val.def == ir::kNone) continue;
      const ir::Instruction& in = ir_.insns[val.def];
      std::vector<ir::ValueId> from;
      if (in.op == ir::Op::kPhi) from = in.operands;
      if (in.op == ir::Op::kCheckCast) from = {in.operands[0]};
      if (IsClassCast(in)) from = {in.operands[1]};
      for (ir::ValueId f : from) {
        if (out.insert(f).second) work.push_back(f);
      }
    }
    return out;
  }

  // The values a report names: locals of that name (LocalVariableTable), or
  // loads of a field of that name; with their carriers.
  std::set<ir::ValueId> Named(const std::string& name, bool field) const {
    std::set<ir::ValueId> out;
    if (name.empty()) return out;
    for (size_t v = 0; v < ir_.values.size(); ++v) {
      const ir::Value& val = ir_.values[v];
      bool named = false;
      if (field) {
        named = val.def != ir::kNone &&
                (ir_.insns[val.def].op == ir::Op::kGetField || ir_.insns[val.def].op == ir::Op::kGetStatic) &&
                ir_.insns[val.def].name == name;
      } else {
        named = val.name == name;
      }
      if (!named) continue;
      std::set<ir::ValueId> c = Carriers(static_cast<ir::ValueId>(v));
      out.insert(c.begin(), c.end());
    }
    return out;
  }

 private:
  // invokevirtual java/lang/Class.cast(Object): its argument, unchanged.
  static bool IsClassCast(const ir::Instruction& in) {
    return in.op == ir::Op::kInvoke && in.owner == "java/lang/Class" && in.name == "cast" &&
           in.descriptor == "(Ljava/lang/Object;)Ljava/lang/Object;" && in.operands.size() == 2;
  }

  const ir::MethodIR& ir_;
  std::vector<std::vector<ir::InsnId>> users_;
};

// A located goal: an npe at an instruction, or npe-arg:K at a call.
struct Site {
  ir::InsnId insn = ir::kNone;
  int32_t argument = 0;  // 0: npe; K: npe-arg:K
  bool of_target = true; // the value dereferenced or passed is the target's
  std::string how;
};

// The value(s) a report is about, as far as the bytecode tells.
struct Target {
  std::set<ir::ValueId> values;
  // True when `values` are exactly what the report means (the result of a
  // call, the value a null check tests): then only their uses count. Else
  // they are the report's names for it, a preference among dereferences.
  bool exact = false;
  std::string what;  // "the value returned by the call of X at bci 12 (line 40)", "source", ""
};

// "the dereference at bci 17 (line 41), a call of pkg.C.m, of <what>";
// "the call of pkg.C.m at bci 17 (line 41), which passes <what> as argument 2".
std::string SiteText(const ir::Instruction& in, const Site& s, const Target& t) {
  const std::string_view what = s.of_target ? std::string_view(t.what) : std::string_view();
  return s.argument == 0 ? Cat("the dereference at ", Where(in), ", a ", What(in), what.empty() ? "" : ", of ", what)
                         : Cat("the ", What(in), " at ", Where(in), ", which passes ", what.empty() ? "it" : what,
                               " as argument ", s.argument);
}

// The source line of `bci` from the LineNumberTable (-1 when none).
int32_t SourceLineOf(const classfile::MethodInfo& method, int32_t bci) {
  int32_t line = -1, best = -1;
  for (const auto& e : method.code->line_numbers) {
    if (e.start_pc <= bci && e.start_pc > best) {
      best = e.start_pc;
      line = e.line;
    }
  }
  return line;
}

// The use of the target at instruction `i`: for an exact target, a
// dereference of it, else a call passing it; for names, a dereference of a
// named value, else (any_dereference) any dereference, else a call passing
// a named value.
std::optional<Site> UseOf(const ValueFlow& f, ir::InsnId i, const Target& t, bool any_dereference) {
  ir::ValueId d = f.Dereferenced(i);
  if (d != ir::kNone && t.values.count(d) > 0) return Site{i, 0, true, ""};
  if (d != ir::kNone && !t.exact && any_dereference) return Site{i, 0, false, ""};
  if (int32_t k = f.ArgumentIn(i, t.values); k > 0) return Site{i, k, true, ""};
  return std::nullopt;
}

// The first use of the target on source line `line` after bytecode offset
// `after` (-1: the whole line), in bytecode order. Any dereference counts
// only when the report names no value.
std::optional<Site> FirstOnLine(const ValueFlow& f, int32_t line, int64_t after, const Target& t) {
  std::vector<ir::InsnId> candidates;
  for (ir::InsnId i : f.InBytecodeOrder()) {
    const ir::Instruction& in = f.ir().insns[i];
    if (static_cast<int64_t>(in.bci) > after && in.line == line) candidates.push_back(i);
  }
  for (bool any : {false, true}) {
    if (any && (t.exact || !t.values.empty())) break;
    for (ir::InsnId i : candidates) {
      if (auto s = UseOf(f, i, t, any)) return s;
    }
  }
  return std::nullopt;
}

std::string RoleText(std::string_view role) {
  return role.empty() ? std::string("primary SourceLine") : std::string(role);
}

// The goal at bytecode offset `bci`, which the report names (its SourceLine
// `role`): the use there of the target; failing that, the first use after
// `bci` on its line (FindBugs pointing at a load the IR folds away, or at a
// neighbour of the dereference).
std::optional<Site> LocateAt(const ValueFlow& f, const classfile::MethodInfo& method, int32_t bci,
                             std::string_view role, const Target& t) {
  const ir::MethodIR& ir = f.ir();
  const std::vector<ir::InsnId> here = f.At(bci);
  for (ir::InsnId i : here) {
    if (auto s = UseOf(f, i, t, true)) {
      s->how = Cat(SiteText(ir.insns[i], *s, t), "; FindBugs' ", RoleText(role));
      return s;
    }
  }
  const int32_t line = here.empty() ? SourceLineOf(method, bci) : ir.insns[here.front()].line;
  if (line < 0) return std::nullopt;
  auto s = FirstOnLine(f, line, bci, t);
  if (!s) return std::nullopt;
  s->how = Cat(SiteText(ir.insns[s->insn], *s, t), "; the next on line ", line, " after FindBugs' ",
               RoleText(role), " at bci ", bci,
               here.empty() ? std::string(", which the IR folds away (a load or stack operation)")
                            : Cat(", a ", What(ir.insns[here.front()]), " that does not ",
                                  t.exact ? "use it" : "dereference anything"));
  return s;
}

// The goal of a report that gives a line but no bytecode offset.
std::optional<Site> LocateOnLine(const ValueFlow& f, int32_t line, const Target& t) {
  auto s = FirstOnLine(f, line, -1, t);
  if (s) {
    s->how = Cat(SiteText(f.ir().insns[s->insn], *s, t), "; the first on line ", line,
                 " (the report gives no bytecode offset)");
  }
  return s;
}

// "at bci 12: getfield pkg.C.f", for NotFound messages.
std::string WhatIsAt(const ValueFlow& f, int32_t bci) {
  std::vector<std::string> parts;
  for (ir::InsnId i : f.At(bci)) parts.push_back(What(f.ir().insns[i]));
  if (parts.empty()) {
    return Cat("no IR instruction comes from bci ", bci,
               " (a load, store or stack operation, or not the start of an instruction)");
  }
  return Cat("at bci ", bci, ": ", absl::StrJoin(parts, ", "));
}

struct MethodCode {
  std::shared_ptr<const ir::MethodIR> ir;
  const classfile::MethodInfo* method = nullptr;
};

absl::StatusOr<MethodCode> LoadMethod(const classfile::ClassHierarchy& h, const FindBugsReport& r) {
  const std::string who = Describe(r);
  classfile::ClassId id = h.Find(r.class_name);
  if (id == classfile::kNoClass || h.IsPhantom(id)) {
    return absl::NotFoundError(Cat(who, ": no class ", Dotted(r.class_name), " on the class path"));
  }
  auto cf = h.class_path().Load(r.class_name);
  if (!cf.ok()) {
    return absl::Status(cf.status().code(),
                        Cat(who, ": cannot load class ", Dotted(r.class_name), ": ", cf.status().message()));
  }
  MethodCode code;
  std::vector<std::string> same_name;
  for (const auto& m : (*cf)->methods) {
    if (m.name != r.method_name) continue;
    same_name.emplace_back(m.descriptor);
    if (m.descriptor == r.descriptor) code.method = &m;
  }
  if (code.method == nullptr) {
    return absl::NotFoundError(Cat(who, ": class ", Dotted(r.class_name), " has no method ", r.method_name,
                                   r.descriptor,
                                   same_name.empty() ? std::string(" (nor any of that name)")
                                                     : Cat("; ", r.method_name, " has descriptors: ",
                                                           absl::StrJoin(same_name, ", "))));
  }
  if (!code.method->code) {
    return absl::NotFoundError(Cat(who, ": method ", r.method_name, r.descriptor, " has no code"));
  }
  auto built = ir::BuildMethodIR(*cf, *code.method, h);
  if (!built.ok()) return absl::Status(built.status().code(), Cat(who, ": ", built.status().message()));
  code.ir = *built;
  return code;
}

// NP_NULL_ON_SOME_PATH and the other types whose SourceLine is the dereference.
absl::StatusOr<Site> LocateDereference(const ValueFlow& f, const classfile::MethodInfo& method,
                                       const FindBugsReport& r) {
  Target named{f.Named(r.value_name, r.value_is_field), false, r.value_name};
  if (r.bci >= 0) {
    if (auto s = LocateAt(f, method, r.bci, r.role, named)) return *s;
    return absl::NotFoundError(Cat(Describe(r), ": nothing at bci ", r.bci, " or after it on its line dereferences ",
                                   r.value_name.empty() ? "a possibly-null value" : r.value_name, " (",
                                   WhatIsAt(f, r.bci), ")"));
  }
  if (r.line >= 0) {
    if (auto s = LocateOnLine(f, r.line, named)) return *s;
    return absl::NotFoundError(Cat(Describe(r), ": nothing on line ", r.line, " dereferences ",
                                   r.value_name.empty() ? "a possibly-null value" : r.value_name));
  }
  return absl::NotFoundError(
      Cat(Describe(r), ": the report gives neither a line nor a bytecode offset for its dereference"));
}

// NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE: the use of the value returned at
// r.bci (SOURCE_LINE_KNOWN_NULL) that FindBugs names, else the first
// dereference of that value after the call.
absl::StatusOr<Site> LocateReturnValueUse(const ValueFlow& f, const classfile::MethodInfo& method,
                                          const FindBugsReport& r) {
  const ir::MethodIR& ir = f.ir();
  const std::string who = Describe(r);
  ir::InsnId call = ir::kNone;
  if (r.bci >= 0) {
    for (ir::InsnId i : f.At(r.bci)) {
      const ir::Instruction& in = ir.insns[i];
      if (in.op == ir::Op::kInvoke && in.result != ir::kNone && ir::IsReference(ir.values[in.result].type.kind)) {
        call = i;
        break;
      }
    }
  }
  if (call == ir::kNone) {
    return absl::NotFoundError(
        Cat(who, ": no call returning a reference at the report's ", kKnownNullRole, " (",
            r.bci < 0 ? std::string("the report gives none") : WhatIsAt(f, r.bci), ")"));
  }
  const ir::Instruction& c = ir.insns[call];
  Target t{f.Carriers(c.result), true, Cat("the value returned by the ", What(c), " at ", Where(c))};
  if (r.use_role == kReturnedRole) {
    // Not a dereference at all: no goal, but nothing is wrong with the report.
    return absl::FailedPreconditionError(Cat(who, ": FindBugs reports ", t.what, " as returned at bci ", r.use_bci,
                                             " (", kReturnedRole,
                                             ") from a method that must not return null, not as dereferenced"));
  }
  if (r.use_bci >= 0) {
    if (auto s = LocateAt(f, method, r.use_bci, r.use_role, t)) return *s;
  }
  // The first dereference after the call in bytecode order (then those
  // before it, which only a loop can reach).
  std::vector<ir::InsnId> order = f.InBytecodeOrder();
  std::stable_partition(order.begin(), order.end(), [&](ir::InsnId i) { return ir.insns[i].bci > c.bci; });
  for (ir::InsnId i : order) {
    ir::ValueId d = f.Dereferenced(i);
    if (d == ir::kNone || t.values.count(d) == 0) continue;
    return Site{i, 0, true,
                Cat("the first dereference after the call, at ", Where(ir.insns[i]), ", a ", What(ir.insns[i]),
                    ", of ", t.what,
                    r.use_bci < 0 ? std::string("; the report names no use")
                                  : Cat("; FindBugs' ", r.use_role, " at bci ", r.use_bci, " does not use it"))};
  }
  return absl::NotFoundError(Cat(who, ": ", t.what, " is never dereferenced in the method",
                                 r.use_bci < 0 ? std::string()
                                               : Cat(", and FindBugs' ", r.use_role, " does not use it (",
                                                     WhatIsAt(f, r.use_bci), ")")));
}

// NP_NULL_PARAM_DEREF: the call at r.bci with a reference K-th argument.
absl::StatusOr<Site> LocateNullArgument(const ValueFlow& f, const FindBugsReport& r) {
  const std::string who = Describe(r);
  if (r.argument < 1) return absl::NotFoundError(Cat(who, ": the report names no argument (INT_MAYBE_NULL_ARG)"));
  if (r.bci < 0) return absl::NotFoundError(Cat(who, ": the report gives no bytecode offset for the call"));
  for (ir::InsnId i : f.At(r.bci)) {
    const ir::Instruction& in = f.ir().insns[i];
    if (in.op != ir::Op::kInvoke || in.invoke == ir::InvokeKind::kDynamic) continue;
    auto desc = classfile::ParseMethodDescriptor(in.descriptor);
    if (!desc.ok() || static_cast<size_t>(r.argument) > desc->params.size() ||
        !desc->params[r.argument - 1].IsReference()) {
      return absl::NotFoundError(Cat(who, ": the ", What(in), " at ", Where(in), " has no reference argument ",
                                     r.argument, " (descriptor ", in.descriptor, ")"));
    }
    return Site{i, r.argument, true,
                Cat("the ", What(in), " at ", Where(in), ", which passes null as argument ", r.argument,
                    r.value_name.empty() ? std::string() : Cat(" (", r.value_name, ")"), "; FindBugs' ",
                    RoleText(r.role))};
  }
  return absl::NotFoundError(Cat(who, ": no call at bci ", r.bci, " (", WhatIsAt(f, r.bci), ")"));
}

// RCN_REDUNDANT_NULLCHECK_WOULD_HAVE_BEEN_A_NPE: the use at r.bci of the
// value that the SOURCE_REDUNDANT_NULL_CHECK tests.
absl::StatusOr<Site> LocateCheckedValueUse(const ValueFlow& f, const classfile::MethodInfo& method,
                                           const FindBugsReport& r) {
  const ir::MethodIR& ir = f.ir();
  const std::string who = Describe(r);
  auto is_null = [&](ir::ValueId v) { return ir::IsNullConstant(ir, v); };
  // The null check: the `if` against null at its offset, else the first
  // after it on its line.
  ir::InsnId check = ir::kNone;
  int32_t check_bci = -1;
  for (const auto& s : r.source_lines) {
    if (s.role == kRedundantCheckRole) {
      check_bci = s.start_bci;
      break;
    }
  }
  if (check_bci >= 0) {
    const int32_t line = SourceLineOf(method, check_bci);
    for (ir::InsnId i : f.InBytecodeOrder()) {
      const ir::Instruction& in = ir.insns[i];
      const auto at = static_cast<uint32_t>(check_bci);
      if (in.bci < at || (in.bci != at && in.line != line)) {
        continue;
      }
      if (in.op == ir::Op::kIf && in.operands.size() == 2 && is_null(in.operands[0]) != is_null(in.operands[1])) {
        check = i;
        break;
      }
    }
  }
  Target t;
  if (check != ir::kNone) {
    const ir::Instruction& in = ir.insns[check];
    ir::ValueId v = is_null(in.operands[0]) ? in.operands[1] : in.operands[0];
    t.values = f.Carriers(v);
    std::set<ir::ValueId> origins = f.Origins(v);
    t.values.insert(origins.begin(), origins.end());
    t.exact = true;
    t.what = Cat(r.value_name.empty() ? std::string("the value") : r.value_name, " that the null check at ",
                 Where(in), " tests");
  } else {
    t = Target{f.Named(r.value_name, r.value_is_field), false, r.value_name};
  }
  const std::string subject = t.what.empty() ? "the null-checked value" : t.what;
  if (r.bci >= 0) {
    if (auto s = LocateAt(f, method, r.bci, r.role, t)) return *s;
    return absl::NotFoundError(Cat(who, ": nothing at bci ", r.bci, " or after it on its line dereferences or passes ",
                                   subject, " (", WhatIsAt(f, r.bci), ")"));
  }
  if (r.line >= 0) {
    if (auto s = LocateOnLine(f, r.line, t)) return *s;
    return absl::NotFoundError(Cat(who, ": nothing on line ", r.line, " dereferences or passes ", subject));
  }
  return absl::NotFoundError(
      Cat(who, ": the report gives neither a line nor a bytecode offset for its dereference"));
}

}  // namespace

absl::StatusOr<FindBugsFile> ParseFindBugsXml(std::string_view xml, const std::string& name) {
  return Reader(xml, name).Read();
}

absl::StatusOr<FindBugsFile> ReadFindBugsFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return absl::NotFoundError(Cat(path, ": no such file"));
  if (std::filesystem::is_directory(path, ec)) return absl::InvalidArgumentError(Cat(path, ": is a directory"));
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad() || !in.is_open()) return absl::InvalidArgumentError(Cat(path, ": cannot read"));
  return ParseFindBugsXml(text, path);
}

bool IsDereferenceReport(std::string_view type) { return ShapeOf(type) != Shape::kNone; }

absl::StatusOr<ReportGoal> GoalForReport(const classfile::ClassHierarchy& h, const FindBugsReport& report) {
  const Shape shape = ShapeOf(report.type);
  if (shape == Shape::kNone) {
    return absl::FailedPreconditionError(Cat(Describe(report), ": ", report.type, " is not a dereference goal"));
  }
  auto code = LoadMethod(h, report);
  if (!code.ok()) return code.status();
  const ValueFlow flow(*code->ir);
  absl::StatusOr<Site> site = absl::InternalError("unreachable");
  switch (shape) {
    case Shape::kDeref: site = LocateDereference(flow, *code->method, report); break;
    case Shape::kFromReturnValue: site = LocateReturnValueUse(flow, *code->method, report); break;
    case Shape::kNullParam: site = LocateNullArgument(flow, report); break;
    case Shape::kRedundantCheck: site = LocateCheckedValueUse(flow, *code->method, report); break;
    case Shape::kNone: break;
  }
  if (!site.ok()) return site.status();

  const ir::Instruction& in = code->ir->insns[site->insn];
  ReportGoal goal;
  goal.spec.class_name = report.class_name;
  goal.spec.method_name = report.method_name;
  goal.spec.descriptor = report.descriptor;
  goal.spec.where = wp::GoalSpec::Where::kBci;
  goal.spec.position = static_cast<int32_t>(in.bci);
  if (site->argument > 0) {
    goal.spec.kind = wp::GoalKind::kNpeArg;
    goal.spec.argument = site->argument;
    goal.spec.exception_type = std::string(kNpeType);
  } else {
    goal.spec.kind = wp::GoalKind::kNpe;
  }
  goal.how = std::move(site->how);
  goal.line = in.line;
  // The engine starts from wp::ResolveGoal's sites: the spec must resolve.
  auto resolved = wp::ResolveGoal(h, goal.spec);
  if (!resolved.ok()) {
    return absl::Status(resolved.status().code(), Cat(Describe(report), ": the goal located as ", goal.how,
                                                      " does not resolve: ", resolved.status().message()));
  }
  goal.goal = *std::move(resolved);
  return goal;
}

}  // namespace jwp::app
