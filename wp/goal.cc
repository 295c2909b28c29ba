#include "wp/goal.h"

#include <algorithm>
#include <charconv>
#include <set>
#include <type_traits>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_join.h"
#include "callgraph/method_cache.h"
#include "classfile/class_path.h"
#include "classfile/descriptor.h"
#include "ir/monitors.h"

namespace jwp::wp {
namespace {

// String concatenation over std::string_view (Debian's Abseil keeps
// absl::string_view distinct, so absl::StrCat does not take it).
void Append(std::string& out, std::string_view s) { out.append(s); }
void Append(std::string& out, const char* s) { out.append(s); }
void Append(std::string& out, const std::string& s) { out.append(s); }
template <typename S>  // absl::string_view (status messages)
  requires(!std::is_same_v<S, std::string> && !std::is_same_v<S, std::string_view> &&
           requires(const S& v) { v.data(); v.size(); })
void Append(std::string& out, const S& s) {
  out.append(s.data(), s.size());
}
template <typename N>
  requires std::is_integral_v<N>
void Append(std::string& out, N n) {
  out.append(std::to_string(n));
}
template <typename... A>
std::string Cat(const A&... a) {
  std::string out;
  (Append(out, a), ...);
  return out;
}

constexpr std::string_view kNpeType = "java/lang/NullPointerException";
constexpr std::string_view kThrowable = "java/lang/Throwable";

std::string Dotted(std::string_view s) {
  std::string out(s);
  std::replace(out.begin(), out.end(), '/', '.');
  return out;
}

bool ValidClassName(std::string_view s) {
  if (s.empty() || s.front() == '/' || s.back() == '/') return false;
  if (s.find("//") != std::string_view::npos) return false;
  for (char c : s) {
    if (c == ';' || c == '[' || c == '(' || c == ')' || c == '@' || c == ':' || c == ' ' || c == '<' ||
        c == '>') {
      return false;
    }
  }
  return true;
}

absl::Status Malformed(std::string_view goal, std::string_view what) {
  return absl::InvalidArgumentError(
      Cat("malformed goal '", goal, "': ", what,
                   " (expected pkg.Class.method(desc)@line:N or pkg.Class.method(desc)@bci:N)"));
}

// "1-3, 7, 9-10"
std::string Ranges(const std::set<int64_t>& values, size_t max_items = 40) {
  std::vector<std::string> parts;
  for (auto it = values.begin(); it != values.end();) {
    int64_t lo = *it, hi = lo;
    ++it;
    while (it != values.end() && *it == hi + 1) hi = *it++;
    if (parts.size() == max_items) {
      parts.push_back("...");
      break;
    }
    parts.push_back(lo == hi ? Cat(lo) : Cat(lo, "-", hi));
  }
  return parts.empty() ? "none" : absl::StrJoin(parts, ", ");
}

bool IsPlaceCandidate(const ir::Instruction& in) { return in.op != ir::Op::kParam && in.op != ir::Op::kPhi; }

struct Locator {
  const ir::MethodIR& ir;
  const GoalSpec& spec;
  bool At(const ir::Instruction& in) const {
    if (!IsPlaceCandidate(in)) return false;
    switch (spec.where) {
      case GoalSpec::Where::kLine: return in.line == spec.position;
      case GoalSpec::Where::kBci: return in.bci == static_cast<uint32_t>(spec.position);
      case GoalSpec::Where::kAny: return true;
    }
    return false;
  }
  std::string Place() const {
    switch (spec.where) {
      case GoalSpec::Where::kLine: return Cat("line ", spec.position);
      case GoalSpec::Where::kBci: return Cat("bci ", spec.position);
      case GoalSpec::Where::kAny: return "any instruction of the method";
    }
    return "";
  }
};

// Whether the last instruction executed before entering block `b` can be one
// outside the place (looking through blocks without place candidates; the
// method's entry counts as outside).
bool EnteredFromOutside(const ir::MethodIR& ir, const Locator& loc, ir::BlockId b) {
  if (ir.blocks[b].preds.empty()) return true;  // method entry
  std::vector<ir::BlockId> work;
  std::set<ir::BlockId> seen;
  for (ir::EdgeId e : ir.blocks[b].preds) {
    if (seen.insert(ir.edges[e].from).second) work.push_back(ir.edges[e].from);
  }
  while (!work.empty()) {
    const ir::Block& blk = ir.blocks[work.back()];
    work.pop_back();
    // The predecessor's last candidate instruction is what ran before.
    const ir::Instruction* last = nullptr;
    for (auto it = blk.insns.rbegin(); it != blk.insns.rend(); ++it) {
      if (IsPlaceCandidate(ir.insns[*it])) {
        last = &ir.insns[*it];
        break;
      }
    }
    if (last != nullptr) {
      if (!loc.At(*last)) return true;
      continue;
    }
    if (blk.preds.empty()) return true;  // method entry
    for (ir::EdgeId e : blk.preds) {
      if (seen.insert(ir.edges[e].from).second) work.push_back(ir.edges[e].from);
    }
  }
  return false;
}

GoalSite SiteAt(const ir::MethodIR& ir, ir::InsnId id) {
  const ir::Instruction& in = ir.insns[id];
  GoalSite s;
  s.insn = id;
  s.block = in.block;
  s.bci = in.bci;
  s.line = in.line;
  return s;
}

bool Related(const classfile::ClassHierarchy& h, std::string_view a, std::string_view b) {
  return h.IsSubtype(a, b) != classfile::Tristate::kNo || h.IsSubtype(b, a) != classfile::Tristate::kNo;
}

// Whether exceptional edge `e` can carry an instance of `t` (see goal.h).
bool CanCarry(const classfile::ClassHierarchy& h, const ir::Edge& e, std::string_view t) {
  if (!Related(h, e.thrown, t)) return false;
  if (!e.caught_as.empty() && !Related(h, e.caught_as, t)) return false;
  for (std::string_view c : e.not_caught_by) {
    if (h.IsSubtype(t, c) == classfile::Tristate::kYes) return false;
  }
  return true;
}

std::string EdgeSummary(const ir::MethodIR& ir, const std::vector<ir::EdgeId>& edges) {
  std::set<std::string> thrown;
  for (ir::EdgeId e : edges) thrown.insert(Dotted(ir.edges[e].thrown));
  return thrown.empty() ? "none" : absl::StrJoin(thrown, ", ");
}

}  // namespace

const char* GoalKindName(GoalKind kind) {
  switch (kind) {
    case GoalKind::kReach: return "reach";
    case GoalKind::kNpe: return "npe";
    case GoalKind::kThrow: return "throw";
    case GoalKind::kException: return "exception";
    case GoalKind::kExit: return "exit";
    case GoalKind::kNpeArg: return "npe-arg";
    case GoalKind::kBranch: return "branch";
  }
  return "?";
}

std::string BranchOutcome(ir::EdgeKind kind, int32_t case_value) {
  return kind == ir::EdgeKind::kTrue    ? "true"
         : kind == ir::EdgeKind::kFalse ? "false"
         : kind == ir::EdgeKind::kCase  ? Cat(case_value)
                                        : "default";
}

std::string GoalSpec::GoalText() const {
  if (where == Where::kAny) return Cat(Dotted(class_name), ".", method_name, descriptor, "@any");
  return Cat(Dotted(class_name), ".", method_name, descriptor,
                      where == Where::kLine ? "@line:" : "@bci:", position);
}

std::string GoalSpec::KindText() const {
  if (kind == GoalKind::kException || kind == GoalKind::kExit) {
    return Cat(GoalKindName(kind), ":", Dotted(exception_type));
  }
  if (kind == GoalKind::kNpeArg) return Cat(GoalKindName(kind), ":", argument);
  if (kind == GoalKind::kBranch) return Cat(GoalKindName(kind), ":", BranchOutcome(branch, case_value));
  return GoalKindName(kind);
}

std::string GoalSpec::ToString() const { return Cat(GoalText(), " ", KindText()); }

absl::StatusOr<GoalSpec> ParseGoal(std::string_view goal, std::string_view kind) {
  GoalSpec spec;
  size_t at = goal.rfind('@');
  if (at == std::string_view::npos) return Malformed(goal, "no '@line:N', '@bci:N' or '@any'");
  std::string_view head = goal.substr(0, at);
  std::string_view place = goal.substr(at + 1);
  std::string_view number;
  if (place == "any") {
    spec.where = GoalSpec::Where::kAny;
  } else if (place.substr(0, 5) == "line:") {
    spec.where = GoalSpec::Where::kLine;
    number = place.substr(5);
  } else if (place.substr(0, 4) == "bci:") {
    spec.where = GoalSpec::Where::kBci;
    number = place.substr(4);
  } else {
    return Malformed(goal, Cat("'@", place, "' is neither '@line:N', '@bci:N' nor '@any'"));
  }
  int32_t n = 0;
  if (spec.where == GoalSpec::Where::kAny) number = "0";
  auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
  if (number.empty() || ec != std::errc() || ptr != number.data() + number.size() || n < 0 ||
      number.front() == '-' || number.front() == '+') {
    return Malformed(goal, Cat("'", number, "' is not a non-negative 32-bit number"));
  }
  spec.position = n;

  size_t paren = head.find('(');
  std::string_view name_part = head.substr(0, paren);
  if (paren != std::string_view::npos) {
    spec.descriptor = classfile::InternalName(head.substr(paren));
    if (!classfile::ParseMethodDescriptor(spec.descriptor).ok()) {
      return Malformed(goal, Cat("'", head.substr(paren), "' is not a method descriptor such as (ILjava/lang/String;)V"));
    }
  }
  size_t dot = name_part.find_last_of("./");
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == name_part.size()) {
    return Malformed(goal, "no class and method name");
  }
  spec.method_name = std::string(name_part.substr(dot + 1));
  spec.class_name = classfile::InternalName(name_part.substr(0, dot));
  if (!ValidClassName(spec.class_name) || spec.method_name.find_first_of("<>;[") != std::string::npos) {
    if (spec.method_name != "<init>" && spec.method_name != "<clinit>") {
      return Malformed(goal, Cat("'", name_part, "' is not pkg.Class.method"));
    }
  }

  auto with_type = [&](std::string_view prefix, GoalKind k) -> absl::Status {
    std::string_view t = kind.substr(prefix.size());
    spec.kind = k;
    spec.exception_type = classfile::InternalName(t);
    if (!ValidClassName(spec.exception_type)) {
      return absl::InvalidArgumentError(Cat("malformed goal kind '", kind, "': '", t,
                                                     "' is not a class name such as java.lang.ArithmeticException"));
    }
    return absl::OkStatus();
  };
  if (kind == "reach") {
    spec.kind = GoalKind::kReach;
  } else if (kind == "npe") {
    spec.kind = GoalKind::kNpe;
  } else if (kind == "throw") {
    spec.kind = GoalKind::kThrow;
  } else if (kind.substr(0, 10) == "exception:") {
    if (auto s = with_type("exception:", GoalKind::kException); !s.ok()) return s;
  } else if (kind.substr(0, 5) == "exit:") {
    if (auto s = with_type("exit:", GoalKind::kExit); !s.ok()) return s;
  } else if (kind.substr(0, 8) == "npe-arg:") {
    std::string_view k = kind.substr(8);
    int32_t arg = 0;
    auto [end, err] = std::from_chars(k.data(), k.data() + k.size(), arg);
    if (k.empty() || err != std::errc() || end != k.data() + k.size() || arg < 1 || k.front() == '+') {
      return absl::InvalidArgumentError(
          Cat("malformed goal kind '", kind, "': '", k, "' is not an argument number (1 for the first)"));
    }
    spec.kind = GoalKind::kNpeArg;
    spec.argument = arg;
    spec.exception_type = std::string(kNpeType);
  } else if (kind.substr(0, 7) == "branch:") {
    std::string_view o = kind.substr(7);
    spec.kind = GoalKind::kBranch;
    if (o == "true" || o == "false" || o == "default") {
      spec.branch = o == "true" ? ir::EdgeKind::kTrue : o == "false" ? ir::EdgeKind::kFalse : ir::EdgeKind::kDefault;
    } else {
      int32_t v = 0;
      auto [end, err] = std::from_chars(o.data(), o.data() + o.size(), v);
      if (o.empty() || err != std::errc() || end != o.data() + o.size() || o.front() == '+') {
        return absl::InvalidArgumentError(Cat("malformed goal kind '", kind, "': '", o,
                                              "' is not true, false, default or a case value"));
      }
      spec.branch = ir::EdgeKind::kCase;
      spec.case_value = v;
    }
  } else {
    return absl::InvalidArgumentError(Cat("unknown goal kind '", kind,
                                          "' (expected reach, npe, throw, exception:T, exit:T, npe-arg:K or branch:O)"));
  }
  return spec;
}

namespace {

// The goal's class and method (spec.descriptor may be empty when the name
// is unique), with code.
struct GoalMethod {
  std::shared_ptr<const classfile::ClassFile> cls;
  const classfile::MethodInfo* method = nullptr;
  std::string qualified;  // pkg.C.m(desc)
};

absl::StatusOr<GoalMethod> FindGoalMethod(const classfile::ClassHierarchy& h, const GoalSpec& spec,
                                          const std::string& where) {
  // The class.
  classfile::ClassId id = h.Find(spec.class_name);
  if (id == classfile::kNoClass || h.IsPhantom(id)) {
    return absl::NotFoundError(Cat(where, ": no class ", Dotted(spec.class_name), " on the class path"));
  }
  auto cf = h.class_path().Load(spec.class_name);
  if (!cf.ok()) {
    return absl::Status(cf.status().code(), Cat(where, ": cannot load class ", Dotted(spec.class_name),
                                                         ": ", cf.status().message()));
  }
  std::shared_ptr<const classfile::ClassFile> cls = *cf;

  // The method.
  std::vector<const classfile::MethodInfo*> named, matches;
  for (const auto& m : cls->methods) {
    if (m.name != spec.method_name) continue;
    named.push_back(&m);
    if (spec.descriptor.empty() || m.descriptor == spec.descriptor) matches.push_back(&m);
  }
  auto descriptors = [&] {
    std::vector<std::string> d;
    for (const auto* m : named) d.emplace_back(m->descriptor);
    return absl::StrJoin(d, ", ");
  };
  if (named.empty()) {
    std::set<std::string> names;
    for (const auto& m : cls->methods) names.emplace(m.name);
    return absl::NotFoundError(Cat(where, ": class ", Dotted(spec.class_name), " has no method named ",
                                            spec.method_name, "; its methods are: ", absl::StrJoin(names, ", ")));
  }
  if (matches.empty()) {
    return absl::NotFoundError(Cat(where, ": class ", Dotted(spec.class_name), " has no method ",
                                            spec.method_name, spec.descriptor, "; ", spec.method_name,
                                            " has descriptors: ", descriptors()));
  }
  if (matches.size() > 1) {
    return absl::InvalidArgumentError(Cat(where, ": method name ", spec.method_name, " is ambiguous in ",
                                                   Dotted(spec.class_name),
                                                   "; add a descriptor, one of: ", descriptors()));
  }
  const classfile::MethodInfo* method = matches[0];
  const std::string qualified = Cat(Dotted(spec.class_name), ".", spec.method_name, method->descriptor);
  if (!method->code) {
    return absl::FailedPreconditionError(Cat(
        where, ": method ", qualified, " has no code (",
        method->IsNative() ? "native" : method->IsAbstract() ? "abstract" : "no Code attribute", ")"));
  }
  return GoalMethod{cls, method, qualified};
}

// For exception:T and exit:T, T is a Throwable on the class path.
absl::Status CheckExceptionType(const classfile::ClassHierarchy& h, const GoalSpec& spec, const std::string& where) {
  if (spec.kind == GoalKind::kException || spec.kind == GoalKind::kExit) {
    classfile::ClassId t = h.Find(spec.exception_type);
    if (t == classfile::kNoClass || h.IsPhantom(t)) {
      return absl::NotFoundError(
          Cat(where, ": exception type ", Dotted(spec.exception_type), " is not on the class path"));
    }
    if (h.IsSubtype(spec.exception_type, kThrowable) == classfile::Tristate::kNo) {
      return absl::InvalidArgumentError(
          Cat(where, ": ", Dotted(spec.exception_type), " is not a subclass of java.lang.Throwable"));
    }
  }

  return absl::OkStatus();
}

// The instructions at the goal's line or offset, in block order; an error
// that lists the places with instructions when there are none.
absl::StatusOr<std::vector<ir::InsnId>> FindPlace(const ir::MethodIR& ir, const GoalSpec& spec, const Locator& loc,
                                                  const classfile::MethodInfo* method, const std::string& qualified,
                                                  const std::string& where) {
  std::vector<ir::InsnId> place;  // candidates at the place, in block order
  for (const ir::Block& b : ir.blocks) {
    for (ir::InsnId i : b.insns) {
      if (loc.At(ir.insns[i])) place.push_back(i);
    }
  }
  if (place.empty()) {
    std::set<int64_t> have;
    for (const ir::Instruction& in : ir.insns) {
      if (!IsPlaceCandidate(in)) continue;
      if (spec.where == GoalSpec::Where::kLine) {
        if (in.line >= 0) have.insert(in.line);
      } else {
        have.insert(in.bci);
      }
    }
    std::string why;
    if (spec.where == GoalSpec::Where::kLine) {
      bool in_table = false;
      for (const auto& e : method->code->line_numbers) in_table |= e.line == spec.position;
      why = in_table ? Cat("line ", spec.position,
                                    " has only loads, stores, stack operations or jumps, which the IR folds away")
                     : Cat("no instruction of ", qualified, " is at line ", spec.position);
      return absl::NotFoundError(
          Cat(where, ": ", why, "; lines with instructions: ", Ranges(have)));
    }
    why = static_cast<size_t>(spec.position) >= method->code->code.size()
              ? Cat("bci ", spec.position, " is beyond the code of ", qualified, " (",
                             method->code->code.size(), " bytes)")
              : Cat("no IR instruction of ", qualified, " comes from bci ", spec.position,
                             " (a load, store, stack operation or jump folded away, or not an instruction start)");
    std::vector<std::string> offsets;
    for (int64_t v : have) offsets.push_back(Cat(v));
    if (offsets.size() > 60) {
      offsets.resize(60);
      offsets.push_back("...");
    }
    return absl::NotFoundError(
        Cat(where, ": ", why, "; offsets with instructions: ", absl::StrJoin(offsets, ", ")));
  }
  return place;
}

// The goal's sites at its place, by kind; an error naming what is there
// when the kind has none.
absl::Status AddSites(const classfile::ClassHierarchy& h, const GoalSpec& spec, const Locator& loc,
                      const std::vector<ir::InsnId>& place, const std::string& qualified, const std::string& where,
                      Goal* goal_out) {
  Goal& goal = *goal_out;
  const ir::MethodIR& ir = *goal.ir;
  std::vector<ir::EdgeId> exceptional;  // every exceptional edge leaving the place, for messages
  for (ir::InsnId i : place) {
    const ir::Instruction& in = ir.insns[i];
    if (ir.ThrowingInsn(in.block) != i) continue;
    for (ir::EdgeId e : ir.blocks[in.block].succs) {
      if (ir.edges[e].kind == ir::EdgeKind::kException) exceptional.push_back(e);
    }
  }
  switch (spec.kind) {
    case GoalKind::kReach: {
      for (ir::InsnId i : place) {
        const ir::Instruction& in = ir.insns[i];
        const ir::Block& b = ir.blocks[in.block];
        // The candidate executed just before `i` in its block, if any.
        const ir::Instruction* prev = nullptr;
        for (ir::InsnId j : b.insns) {
          if (j == i) break;
          if (IsPlaceCandidate(ir.insns[j])) prev = &ir.insns[j];
        }
        bool entry = prev != nullptr ? !loc.At(*prev) : EnteredFromOutside(ir, loc, in.block);
        if (entry) goal.sites.push_back(SiteAt(ir, i));
      }
      if (goal.sites.empty()) {
        // A place entered only from itself (cannot happen from method entry); keep the first of each block.
        std::set<ir::BlockId> blocks;
        for (ir::InsnId i : place) {
          if (blocks.insert(ir.insns[i].block).second) goal.sites.push_back(SiteAt(ir, i));
        }
      }
      break;
    }
    case GoalKind::kNpe: {
      for (ir::EdgeId e : exceptional) {
        const ir::Edge& edge = ir.edges[e];
        if (edge.thrown != kNpeType) continue;
        GoalSite s = SiteAt(ir, ir.ThrowingInsn(edge.from));
        s.edge = e;
        s.dereferenced = ir::DereferencedOperand(ir.insns[s.insn]);
        goal.sites.push_back(s);
      }
      if (goal.sites.empty()) {
        return absl::NotFoundError(Cat(
            where, ": nothing at ", loc.Place(), " of ", qualified,
            " dereferences a possibly-null value (no NullPointerException edge; `this` and fresh allocations are "
            "never null); exceptions there: ",
            EdgeSummary(ir, exceptional)));
      }
      break;
    }
    case GoalKind::kThrow: {
      for (ir::InsnId i : place) {
        if (ir.insns[i].op == ir::Op::kThrow) goal.sites.push_back(SiteAt(ir, i));
      }
      if (goal.sites.empty()) {
        return absl::NotFoundError(
            Cat(where, ": no athrow at ", loc.Place(), " of ", qualified));
      }
      break;
    }
    case GoalKind::kException:
    case GoalKind::kExit: {
      const bool exit = spec.kind == GoalKind::kExit;
      for (ir::EdgeId e : exceptional) {
        const ir::Edge& edge = ir.edges[e];
        if (exit && !ir::LeavesMethod(ir, e)) continue;
        if (!CanCarry(h, edge, spec.exception_type)) continue;
        GoalSite s = SiteAt(ir, ir.ThrowingInsn(edge.from));
        s.edge = e;
        s.type_test = h.IsSubtype(edge.thrown, spec.exception_type) != classfile::Tristate::kYes;
        goal.sites.push_back(s);
      }
      if (goal.sites.empty()) {
        return absl::NotFoundError(Cat(
            where, ": nothing at ", loc.Place(), " of ", qualified, " can throw ", Dotted(spec.exception_type),
            exit ? " out of the method; exceptions leaving the method from there: "
                 : "; exceptions there: ",
            exit ? EdgeSummary(ir, [&] {
              std::vector<ir::EdgeId> out;
              for (ir::EdgeId e : exceptional) {
                if (ir::LeavesMethod(ir, e)) out.push_back(e);
              }
              return out;
            }())
                 : EdgeSummary(ir, exceptional)));
      }
      break;
    }
    case GoalKind::kBranch: {
      std::vector<std::string> there;
      for (ir::InsnId i : place) {
        const ir::Instruction& in = ir.insns[i];
        if (in.op != ir::Op::kIf && in.op != ir::Op::kSwitch) continue;
        for (ir::EdgeId e : ir.blocks[in.block].succs) {
          const ir::Edge& edge = ir.edges[e];
          there.push_back(BranchOutcome(edge.kind, edge.case_value));
          if (edge.kind != spec.branch || (edge.kind == ir::EdgeKind::kCase && edge.case_value != spec.case_value)) {
            continue;
          }
          GoalSite s = SiteAt(ir, i);
          s.edge = e;
          goal.sites.push_back(s);
        }
      }
      if (goal.sites.empty()) {
        return absl::NotFoundError(Cat(where, ": no conditional branch or switch at ", loc.Place(), " of ", qualified,
                                       " has the outcome ", BranchOutcome(spec.branch, spec.case_value),
                                       there.empty() ? "" : Cat("; outcomes there: ", absl::StrJoin(there, ", "))));
      }
      break;
    }
    case GoalKind::kNpeArg: {
      for (ir::EdgeId e : exceptional) {
        const ir::Edge& edge = ir.edges[e];
        const ir::InsnId i = ir.ThrowingInsn(edge.from);
        const ir::Instruction& in = ir.insns[i];
        if (in.op != ir::Op::kInvoke || in.invoke == ir::InvokeKind::kDynamic || edge.thrown != kThrowable) continue;
        auto desc = classfile::ParseMethodDescriptor(in.descriptor);
        if (!desc.ok() || static_cast<size_t>(spec.argument) > desc->params.size()) continue;
        if (!desc->params[spec.argument - 1].IsReference()) continue;
        const size_t first = in.invoke == ir::InvokeKind::kStatic ? 0 : 1;
        if (first + spec.argument - 1 >= in.operands.size()) continue;
        GoalSite s = SiteAt(ir, i);
        s.edge = e;
        s.dereferenced = in.operands[first + spec.argument - 1];
        s.type_test = true;
        goal.sites.push_back(s);
      }
      if (goal.sites.empty()) {
        return absl::NotFoundError(Cat(where, ": no call at ", loc.Place(), " of ", qualified,
                                       " passes a reference as argument ", spec.argument,
                                       " to a callee that may throw; exceptions there: ",
                                       EdgeSummary(ir, exceptional)));
      }
      break;
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Goal> ResolveGoal(const classfile::ClassHierarchy& h, const GoalSpec& spec) {
  const std::string where = Cat("goal ", spec.ToString());
  absl::StatusOr<GoalMethod> found = FindGoalMethod(h, spec, where);
  if (!found.ok()) return found.status();
  const classfile::MethodInfo* method = found->method;
  Goal goal;
  goal.spec = spec;
  goal.spec.descriptor = std::string(method->descriptor);
  if (absl::Status st = CheckExceptionType(h, spec, where); !st.ok()) return st;

  // The IR.
  auto built = callgraph::BuildAnalysisIR(found->cls, *method, h);
  if (!built.ok()) {
    return absl::Status(built.status().code(), Cat(where, ": ", built.status().message()));
  }
  goal.ir = *built;
  goal.cls = found->cls.get();
  goal.method = method;
  const Locator loc{*goal.ir, spec};
  absl::StatusOr<std::vector<ir::InsnId>> place = FindPlace(*goal.ir, spec, loc, method, found->qualified, where);
  if (!place.ok()) return place.status();
  if (absl::Status st = AddSites(h, spec, loc, *place, found->qualified, where, &goal); !st.ok()) return st;
  return goal;
}

}  // namespace jwp::wp
