// The FindBugs / SpotBugs report reader (issue #8): BugCollection XML as
// FindBugs 3 and SpotBugs 4 write it, its errors, and the goal each
// null-dereference report of ../shared/data/findbugs makes in the Debian
// jars it was made from.
#include "app/findbugs_report.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/descriptor.h"
#include "classfile/diagnostics.h"
#include "ir/ir.h"
#include "tests/test_support.h"
#include "wp/goal.h"

namespace jwp::app {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// --- The reader ------------------------------------------------------------

// FindBugs 3.0.1 with -xml:withMessages (shortened from
// guava-31.1.findbugs.xml): messages in every annotation, <Errors> with
// missing classes, the summary.
constexpr const char* kFindBugs3 = R"(<?xml version="1.0" encoding="UTF-8"?>

<BugCollection version="3.1.0-dev-20180312-UNKNOWN" sequence="0" timestamp="1636061298000" analysisTimestamp="1795311299939" release="">
  <Project projectName="guava-31.1">
    <Jar>/usr/share/java/guava.jar</Jar>
    <AuxClasspathEntry>derived/rt8.jar</AuxClasspathEntry>
  </Project>
  <BugInstance type="NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE" priority="2" rank="13" abbrev="NP" category="STYLE" instanceHash="6de1c4d10de816012d962975256f2cca" instanceOccurrenceNum="0" instanceOccurrenceMax="0" cweid="476">
    <ShortMessage>Possible null pointer dereference due to return value of called method</ShortMessage>
    <LongMessage>Possible null pointer dereference in com.google.common.base.Platform.getEnumIfPresent(Class, String) due to return value of called method</LongMessage>
    <Class classname="com.google.common.base.Platform" primary="true">
      <SourceLine classname="com.google.common.base.Platform" start="34" end="131" sourcefile="Platform.java" sourcepath="com/google/common/base/Platform.java">
        <Message>At Platform.java:[lines 34-131]</Message>
      </SourceLine>
      <Message>In class com.google.common.base.Platform</Message>
    </Class>
    <Method classname="com.google.common.base.Platform" name="getEnumIfPresent" signature="(Ljava/lang/Class;Ljava/lang/String;)Lcom/google/common/base/Optional;" isStatic="true" primary="true">
      <SourceLine classname="com.google.common.base.Platform" start="50" end="51" startBytecode="0" endBytecode="150" sourcefile="Platform.java" sourcepath="com/google/common/base/Platform.java"/>
      <Message>In method com.google.common.base.Platform.getEnumIfPresent(Class, String)</Message>
    </Method>
    <LocalVariable name="?" register="-1" pc="35" role="LOCAL_VARIABLE_UNKNOWN">
      <Message>Local variable stored in JVM register ?</Message>
    </LocalVariable>
    <SourceLine classname="com.google.common.base.Platform" primary="true" start="51" end="51" startBytecode="35" endBytecode="35" sourcefile="Platform.java" sourcepath="com/google/common/base/Platform.java" role="SOURCE_LINE_INVOKED">
      <Message>Method invoked at Platform.java:[line 51]</Message>
    </SourceLine>
    <SourceLine classname="com.google.common.base.Platform" start="51" end="51" startBytecode="26" endBytecode="26" sourcefile="Platform.java" sourcepath="com/google/common/base/Platform.java" role="SOURCE_LINE_KNOWN_NULL">
      <Message>Known null at Platform.java:[line 51]</Message>
    </SourceLine>
  </BugInstance>
  <BugInstance type="NP_NULL_PARAM_DEREF" priority="1" rank="6" abbrev="NP" category="CORRECTNESS" instanceHash="6ccd60ea8f36307577003aa6459ac330" instanceOccurrenceNum="0" instanceOccurrenceMax="0" cweid="476">
    <ShortMessage>Method call passes null for non-null parameter</ShortMessage>
    <Class classname="com.google.common.cache.LocalCache$Segment" primary="true"/>
    <Method classname="com.google.common.cache.LocalCache$Segment" name="clear" signature="()V" isStatic="false" primary="true"/>
    <Method classname="com.google.common.cache.LocalCache$Segment" name="enqueueNotification" signature="(Ljava/lang/Object;ILjava/lang/Object;ILcom/google/common/cache/RemovalCause;)V" isStatic="false" role="METHOD_CALLED"/>
    <Int value="1" role="INT_MAYBE_NULL_ARG">
      <Message>Argument 1 might be null but must not be null</Message>
    </Int>
    <LocalVariable name="key" register="6" pc="143" role="LOCAL_VARIABLE_VALUE_OF"/>
    <SourceLine classname="com.google.common.cache.LocalCache$Segment" primary="true" start="3203" end="3203" startBytecode="145" endBytecode="145" role="SOURCE_LINE_INVOKED"/>
    <SourceLine classname="com.google.common.cache.LocalCache$Segment" start="3202" end="3202" startBytecode="100" endBytecode="100" role="SOURCE_LINE_NULL_VALUE"/>
  </BugInstance>
  <BugInstance type="RCN_REDUNDANT_NULLCHECK_WOULD_HAVE_BEEN_A_NPE" priority="2" rank="11" abbrev="RCN" category="CORRECTNESS" instanceHash="2062e5c72532c611055aed650b254fd1" cweid="476">
    <Class classname="org.apache.commons.io.FileUtils" primary="true"/>
    <Method classname="org.apache.commons.io.FileUtils" name="copyInputStreamToFile" signature="(Ljava/io/InputStream;Ljava/io/File;)V" isStatic="true" primary="true"/>
    <LocalVariable name="source" register="0" pc="7" role="LOCAL_VARIABLE_VALUE_OF"/>
    <SourceLine classname="org.apache.commons.io.FileUtils" primary="true" start="952" end="952" startBytecode="4" endBytecode="4"/>
    <SourceLine classname="org.apache.commons.io.FileUtils" start="953" end="953" startBytecode="8" endBytecode="8" role="SOURCE_REDUNDANT_NULL_CHECK"/>
  </BugInstance>
  <BugInstance type="NP_NULL_ON_SOME_PATH" priority="1" rank="6" abbrev="NP" category="CORRECTNESS" instanceHash="1b86512c3fe3042433cd40550862b8b3" cweid="476">
    <Class classname="com.google.common.collect.HashBiMap" primary="true"/>
    <Method classname="com.google.common.collect.HashBiMap" name="delete" signature="(Lcom/google/common/collect/HashBiMap$BiEntry;)V" isStatic="false" primary="true"/>
    <Field classname="com.google.common.collect.HashBiMap$BiEntry" name="nextInKToVBucket" signature="Lcom/google/common/collect/HashBiMap$BiEntry;" isStatic="false" primary="true" role="FIELD_CONTAINS_VALUE"/>
    <SourceLine classname="com.google.common.collect.HashBiMap" primary="true" start="155" end="155" startBytecode="59" endBytecode="59" role="SOURCE_LINE_DEREF"/>
    <SourceLine classname="com.google.common.collect.HashBiMap" start="155" end="155" startBytecode="62" endBytecode="62" role="SOURCE_LINE_KNOWN_NULL"/>
  </BugInstance>
  <BugInstance type="SE_BAD_FIELD" priority="2" rank="19" abbrev="Se" category="BAD_PRACTICE">
    <Class classname="com.google.common.base.Absent" primary="true"/>
    <Method classname="com.google.common.base.Absent" name="readResolve" signature="()Ljava/lang/Object;" isStatic="false" primary="true"/>
    <SourceLine classname="com.google.common.base.Absent" primary="true" start="88" end="88" startBytecode="0" endBytecode="3"/>
  </BugInstance>
  <Errors errors="0" missingClasses="2">
    <MissingClass>java.util.Arrays$ArrayList</MissingClass>
    <MissingClass>test</MissingClass>
  </Errors>
  <FindBugsSummary timestamp="Thu, 4 Nov 2021 21:28:18 +0000" total_classes="201" total_bugs="5" priority_2="3" priority_1="2">
    <FileStats path="com/google/common/base/Platform.java" bugCount="1" size="65"/>
    <PackageStats package="com.google.common.base" total_bugs="1" total_types="1" total_size="65"/>
  </FindBugsSummary>
  <ClassFeatures></ClassFeatures>
  <History></History>
</BugCollection>
)";

// SpotBugs 4 with plain -xml: the same BugInstance structure without
// messages; BugPattern/BugCode/BugCategory descriptions (whose `type` is not
// a BugInstance's); an <Errors> section with an analysis error.
constexpr const char* kSpotBugs4 = R"(<?xml version="1.0" encoding="UTF-8"?>
<BugCollection version="4.7.3" sequence="0" timestamp="1700000000000" analysisTimestamp="1700000001000" release="">
  <Project projectName="demo">
    <Jar>/tmp/demo.jar</Jar>
    <SrcDir>/tmp/src</SrcDir>
  </Project>
  <BugInstance type="NP_NULL_ON_SOME_PATH_EXCEPTION" priority="3" rank="14" abbrev="NP" category="CORRECTNESS" instanceHash="abc" instanceOccurrenceNum="0" instanceOccurrenceMax="0" cweid="476">
    <Class classname="demo.Outer$Inner" primary="true">
      <SourceLine classname="demo.Outer$Inner" start="3" end="20" sourcefile="Outer.java" sourcepath="demo/Outer.java"/>
    </Class>
    <Method classname="demo.Outer$Inner" name="run" signature="(Ljava/lang/String;I)I" isStatic="true" primary="true">
      <SourceLine classname="demo.Outer$Inner" start="5" end="9" startBytecode="0" endBytecode="40" sourcefile="Outer.java" sourcepath="demo/Outer.java"/>
    </Method>
    <LocalVariable name="text" register="0" pc="12" role="LOCAL_VARIABLE_VALUE_OF"/>
    <SourceLine classname="demo.Outer$Inner" start="7" end="7" startBytecode="10" endBytecode="10" sourcefile="Outer.java" sourcepath="demo/Outer.java" role="SOURCE_LINE_KNOWN_NULL"/>
    <SourceLine classname="demo.Outer$Inner" primary="true" start="8" end="8" startBytecode="13" endBytecode="13" sourcefile="Outer.java" sourcepath="demo/Outer.java" role="SOURCE_LINE_DEREF"/>
  </BugInstance>
  <BugCategory category="CORRECTNESS">
    <Description>Correctness</Description>
  </BugCategory>
  <BugPattern type="NP_NULL_ON_SOME_PATH_EXCEPTION" abbrev="NP" category="CORRECTNESS">
    <ShortDescription>Possible null pointer dereference in method on exception path</ShortDescription>
    <Details>&lt;p&gt;A reference value which is null on some exception control path is dereferenced here.&lt;/p&gt;</Details>
  </BugPattern>
  <BugCode abbrev="NP" cweid="476">
    <Description>Null pointer dereference</Description>
  </BugCode>
  <Errors errors="1" missingClasses="1">
    <MissingClass>demo.Gone</MissingClass>
    <AnalysisError>
      <ErrorMessage>Error scanning demo/Broken for referenced classes</ErrorMessage>
      <Exception>java.lang.IllegalArgumentException</Exception>
    </AnalysisError>
  </Errors>
  <FindBugsSummary timestamp="Tue, 14 Nov 2023 22:13:20 +0000" total_classes="2" referenced_classes="10" total_bugs="1" total_size="20" num_packages="1" java_version="17.0.9" vm_version="17.0.9+9" priority_3="1"/>
  <ClassFeatures/>
  <History/>
</BugCollection>
)";

FindBugsFile MustParse(const std::string& xml) {
  auto f = ParseFindBugsXml(xml, "report.xml");
  EXPECT_TRUE(f.ok()) << f.status();
  return f.ok() ? *std::move(f) : FindBugsFile{};
}

TEST(FindBugsReport, ReadsFindBugs3WithMessages) {
  FindBugsFile f = MustParse(kFindBugs3);
  EXPECT_EQ(f.tool_version, "3.1.0-dev-20180312-UNKNOWN");
  EXPECT_EQ(f.project, "guava-31.1");
  ASSERT_EQ(f.reports.size(), 5u);
  for (size_t i = 0; i < f.reports.size(); ++i) EXPECT_EQ(f.reports[i].index, static_cast<int>(i));

  const FindBugsReport& r = f.reports[0];
  EXPECT_EQ(r.type, "NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE");
  EXPECT_EQ(r.instance_hash, "6de1c4d10de816012d962975256f2cca");
  EXPECT_EQ(r.priority, 2);
  EXPECT_THAT(r.message, StartsWith("Possible null pointer dereference in com.google.common.base.Platform"));
  EXPECT_EQ(r.class_name, "com/google/common/base/Platform");
  EXPECT_EQ(r.method_name, "getEnumIfPresent");
  EXPECT_EQ(r.descriptor, "(Ljava/lang/Class;Ljava/lang/String;)Lcom/google/common/base/Optional;");
  EXPECT_TRUE(r.is_static);
  // The call whose result may be null is the KNOWN_NULL line; INVOKED is
  // the call that receives it.
  EXPECT_EQ(r.line, 51);
  EXPECT_EQ(r.bci, 26);
  EXPECT_EQ(r.role, "SOURCE_LINE_KNOWN_NULL");
  EXPECT_EQ(r.use_line, 51);
  EXPECT_EQ(r.use_bci, 35);
  EXPECT_EQ(r.use_role, "SOURCE_LINE_INVOKED");
  EXPECT_EQ(r.value_name, "");  // FindBugs' "?"
  EXPECT_EQ(r.argument, 0);
  EXPECT_EQ(r.called, "");
  // Only the BugInstance's own SourceLines, not those of its Class or Method.
  ASSERT_EQ(r.source_lines.size(), 2u);
  EXPECT_TRUE(r.source_lines[0].primary);
  EXPECT_EQ(r.source_lines[0].role, "SOURCE_LINE_INVOKED");
  EXPECT_EQ(r.source_lines[0].start, 51);
  EXPECT_EQ(r.source_lines[0].end, 51);
  EXPECT_EQ(r.source_lines[0].start_bci, 35);
  EXPECT_EQ(r.source_lines[0].end_bci, 35);
  EXPECT_FALSE(r.source_lines[1].primary);

  const FindBugsReport& p = f.reports[1];
  EXPECT_EQ(p.type, "NP_NULL_PARAM_DEREF");
  EXPECT_EQ(p.message, "Method call passes null for non-null parameter");  // ShortMessage when no LongMessage
  EXPECT_EQ(p.class_name, "com/google/common/cache/LocalCache$Segment");
  EXPECT_FALSE(p.is_static);
  EXPECT_EQ(p.argument, 1);
  EXPECT_EQ(p.called,
            "com.google.common.cache.LocalCache$Segment.enqueueNotification"
            "(Ljava/lang/Object;ILjava/lang/Object;ILcom/google/common/cache/RemovalCause;)V");
  EXPECT_EQ(p.bci, 145);
  EXPECT_EQ(p.line, 3203);
  EXPECT_EQ(p.role, "SOURCE_LINE_INVOKED");
  EXPECT_EQ(p.value_name, "key");
  EXPECT_FALSE(p.value_is_field);
  EXPECT_EQ(p.use_bci, -1);

  const FindBugsReport& c = f.reports[2];
  EXPECT_EQ(c.bci, 4);  // the primary SourceLine without a role
  EXPECT_EQ(c.line, 952);
  EXPECT_EQ(c.role, "");
  EXPECT_EQ(c.message, "");

  const FindBugsReport& d = f.reports[3];
  EXPECT_EQ(d.bci, 59);
  EXPECT_EQ(d.role, "SOURCE_LINE_DEREF");
  EXPECT_EQ(d.value_name, "nextInKToVBucket");
  EXPECT_TRUE(d.value_is_field);

  const FindBugsReport& other = f.reports[4];
  EXPECT_EQ(other.type, "SE_BAD_FIELD");
  EXPECT_EQ(other.bci, 0);  // the primary SourceLine
  EXPECT_EQ(other.line, 88);
  EXPECT_EQ(other.instance_hash, "");
}

TEST(FindBugsReport, ReadsSpotBugs4) {
  FindBugsFile f = MustParse(kSpotBugs4);
  EXPECT_EQ(f.tool_version, "4.7.3");
  EXPECT_EQ(f.project, "demo");
  ASSERT_EQ(f.reports.size(), 1u);  // BugPattern's type is not a report
  const FindBugsReport& r = f.reports[0];
  EXPECT_EQ(r.type, "NP_NULL_ON_SOME_PATH_EXCEPTION");
  EXPECT_EQ(r.priority, 3);
  EXPECT_EQ(r.class_name, "demo/Outer$Inner");
  EXPECT_EQ(r.method_name, "run");
  EXPECT_EQ(r.descriptor, "(Ljava/lang/String;I)I");
  EXPECT_EQ(r.message, "");
  // SOURCE_LINE_DEREF wherever it stands.
  EXPECT_EQ(r.bci, 13);
  EXPECT_EQ(r.line, 8);
  EXPECT_EQ(r.role, "SOURCE_LINE_DEREF");
  EXPECT_EQ(r.value_name, "text");
}

// A BugCollection around one BugInstance whose body is `body`.
std::string OneReport(const std::string& attrs, const std::string& body) {
  return "<?xml version=\"1.0\"?>\n<BugCollection version=\"4.8.0\">\n  <BugInstance " + attrs + ">\n" + body +
         "  </BugInstance>\n</BugCollection>\n";
}

constexpr const char* kMethod =
    "    <Method classname=\"a.B\" name=\"m\" signature=\"(Ljava/lang/Object;)V\" primary=\"true\"/>\n";

TEST(FindBugsReport, OptionalPartsMayBeMissing) {
  FindBugsFile f = MustParse(
      "<BugCollection><BugInstance type=\"NP_ALWAYS_NULL\">"
      "<Method classname=\"a.B\" name=\"m\" signature=\"()V\"/>"
      "</BugInstance></BugCollection>");
  EXPECT_EQ(f.tool_version, "");
  EXPECT_EQ(f.project, "");
  ASSERT_EQ(f.reports.size(), 1u);
  const FindBugsReport& r = f.reports[0];
  EXPECT_EQ(r.priority, 0);
  EXPECT_EQ(r.instance_hash, "");
  EXPECT_EQ(r.message, "");
  EXPECT_EQ(r.class_name, "a/B");  // no primary="true": the first Method without a role
  EXPECT_FALSE(r.is_static);
  EXPECT_EQ(r.line, -1);
  EXPECT_EQ(r.bci, -1);
  EXPECT_EQ(r.role, "");
  EXPECT_TRUE(r.source_lines.empty());
  EXPECT_EQ(r.value_name, "");

  // A SourceLine without numbers, and an empty collection.
  f = MustParse(OneReport("type=\"NP_NULL_ON_SOME_PATH\"",
                          std::string(kMethod) + "    <SourceLine classname=\"a.B\" role=\"SOURCE_LINE_DEREF\"/>\n"));
  ASSERT_EQ(f.reports.size(), 1u);
  EXPECT_EQ(f.reports[0].line, -1);
  EXPECT_EQ(f.reports[0].bci, -1);
  EXPECT_EQ(f.reports[0].role, "SOURCE_LINE_DEREF");
  EXPECT_TRUE(MustParse("<BugCollection version=\"4.8.0\"/>").reports.empty());
}

TEST(FindBugsReport, PrimaryMethodIsTheMarkedOneWhereverItStands) {
  FindBugsFile f = MustParse(OneReport(
      "type=\"NP_NULL_PARAM_DEREF\"",
      "    <Method classname=\"x.Callee\" name=\"c\" signature=\"(Ljava/lang/Object;)V\" role=\"METHOD_CALLED\"/>\n"
      "    <Method classname=\"a.B\" name=\"first\" signature=\"()V\"/>\n"
      "    <Method classname=\"a.B\" name=\"marked\" signature=\"(I)V\" isStatic=\"true\" primary=\"true\"/>\n"));
  ASSERT_EQ(f.reports.size(), 1u);
  EXPECT_EQ(f.reports[0].method_name, "marked");
  EXPECT_TRUE(f.reports[0].is_static);
  EXPECT_EQ(f.reports[0].called, "x.Callee.c(Ljava/lang/Object;)V");
}

absl::Status ParseError(const std::string& xml) {
  auto f = ParseFindBugsXml(xml, "bad.xml");
  EXPECT_FALSE(f.ok()) << xml;
  return f.status();
}

TEST(FindBugsReport, RejectsWhatIsNotXml) {
  absl::Status s = ParseError("this is not XML");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(s.message()), StartsWith("bad.xml:1: not well-formed XML: "));
  s = ParseError("");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "bad.xml: empty file, not a BugCollection XML");
  s = ParseError("<BugCollection>\n<BugInstance type=\"X\">\n</Bug>\n</BugCollection>");
  EXPECT_THAT(std::string(s.message()), StartsWith("bad.xml:3: not well-formed XML: "));
}

TEST(FindBugsReport, RejectsATruncatedFile) {
  const std::string xml = kFindBugs3;
  for (size_t cut : {xml.size() / 4, xml.size() / 2, xml.size() - 20}) {
    absl::Status s = ParseError(xml.substr(0, cut));
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(s.message()), HasSubstr(": not well-formed XML: ")) << "cut at " << cut;
  }
  // Every cut is an error, never a crash.
  for (size_t cut = 1; cut < xml.size(); cut += 7) EXPECT_FALSE(ParseFindBugsXml(xml.substr(0, cut), "t").ok());
}

TEST(FindBugsReport, MutatedInputIsReadOrRejectedNeverACrash) {
  // Bytes overwritten, deleted or duplicated at random (fixed seed); under
  // the sanitizers this also checks that nothing reads out of bounds.
  std::mt19937 random(20090615);
  const std::string original = kFindBugs3;
  int rejected = 0;
  for (int round = 0; round < 2000; ++round) {
    std::string xml = original;
    for (int edits = 1 + static_cast<int>(random() % 4); edits > 0 && !xml.empty(); --edits) {
      const size_t at = random() % xml.size();
      switch (random() % 3) {
        case 0: xml[at] = "<>/=\"&;x1- \n\0"[random() % 13]; break;
        case 1: xml.erase(at, 1 + random() % 16); break;
        default: xml.insert(at, xml.substr(at, 1 + random() % 16)); break;
      }
    }
    auto f = ParseFindBugsXml(xml, "mutated.xml");
    if (!f.ok()) {
      ++rejected;
      EXPECT_EQ(f.status().code(), absl::StatusCode::kInvalidArgument) << f.status();
      EXPECT_THAT(std::string(f.status().message()), StartsWith("mutated.xml")) << f.status();
    }
  }
  EXPECT_GT(rejected, 0);
}

TEST(FindBugsReport, RejectsAnotherRootElement) {
  absl::Status s = ParseError("<?xml version=\"1.0\"?>\n<SortedBugCollection/>");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(),
            "bad.xml:2: the root element is <SortedBugCollection>, not <BugCollection> (FindBugs' or SpotBugs' -xml "
            "output)");
}

TEST(FindBugsReport, RejectsABugInstanceWithoutTypeOrPrimaryMethod) {
  EXPECT_EQ(ParseError(OneReport("priority=\"1\"", kMethod)).message(), "bad.xml:3: BugInstance 0: no type attribute");
  EXPECT_EQ(ParseError(OneReport("type=\"NP_ALWAYS_NULL\"",
                                 "    <Method classname=\"a.B\" name=\"c\" signature=\"()V\" role=\"METHOD_CALLED\"/>\n"))
                .message(),
            "bad.xml:3: BugInstance 0 (NP_ALWAYS_NULL): no primary <Method>");
  EXPECT_EQ(ParseError(OneReport("type=\"NP_ALWAYS_NULL\"",
                                 "    <Method classname=\"a.B\" signature=\"()V\" primary=\"true\"/>\n"))
                .message(),
            "bad.xml:4: BugInstance 0 (NP_ALWAYS_NULL): the primary <Method> has no name attribute");
  EXPECT_EQ(ParseError(OneReport("type=\"NP_ALWAYS_NULL\"",
                                 "    <Method classname=\"a.B\" name=\"m\" signature=\"(Q)V\" primary=\"true\"/>\n"))
                .message(),
            "bad.xml:4: BugInstance 0 (NP_ALWAYS_NULL): the primary <Method> signature \"(Q)V\" is not a method "
            "descriptor such as (Ljava/lang/String;)V");
}

TEST(FindBugsReport, RejectsMalformedNumbers) {
  struct Case {
    std::string attrs, body, message;
  };
  const std::vector<Case> cases = {
      {"type=\"T\" priority=\"high\"", kMethod, "bad.xml:3: BugInstance 0 (T): <BugInstance> priority=\"high\" is not an integer"},
      {"type=\"T\"", std::string(kMethod) + "    <SourceLine startBytecode=\"12x\"/>\n",
       "bad.xml:5: BugInstance 0 (T): <SourceLine> startBytecode=\"12x\" is not an integer"},
      {"type=\"T\"", std::string(kMethod) + "    <SourceLine start=\"\"/>\n",
       "bad.xml:5: BugInstance 0 (T): <SourceLine> start=\"\" is not an integer"},
      {"type=\"T\"", std::string(kMethod) + "    <SourceLine start=\"99999999999999999999\"/>\n",
       "bad.xml:5: BugInstance 0 (T): <SourceLine> start=\"99999999999999999999\" is out of range (-1 to 2147483647)"},
      {"type=\"T\"", std::string(kMethod) + "    <SourceLine end=\"2147483648\"/>\n",
       "bad.xml:5: BugInstance 0 (T): <SourceLine> end=\"2147483648\" is out of range (-1 to 2147483647)"},
      {"type=\"T\"", std::string(kMethod) + "    <SourceLine endBytecode=\"-7\"/>\n",
       "bad.xml:5: BugInstance 0 (T): <SourceLine> endBytecode=\"-7\" is out of range (-1 to 2147483647)"},
      {"type=\"T\"", std::string(kMethod) + "    <Int role=\"INT_MAYBE_NULL_ARG\" value=\"0\"/>\n",
       "bad.xml:5: BugInstance 0 (T): <Int> value=\"0\" is out of range (1 to 2147483647)"},
      {"type=\"T\"", std::string(kMethod) + "    <Int role=\"INT_MAYBE_NULL_ARG\"/>\n",
       "bad.xml:5: BugInstance 0 (T): <Int role=\"INT_MAYBE_NULL_ARG\"> has no value"},
  };
  for (const Case& c : cases) {
    absl::Status s = ParseError(OneReport(c.attrs, c.body));
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(s.message(), c.message);
  }
  // Other Ints are not read.
  EXPECT_EQ(MustParse(OneReport("type=\"T\"", std::string(kMethod) + "    <Int value=\"many\"/>\n")).reports.size(), 1u);
}

TEST(FindBugsReport, ReadsFilesAndSaysWhenThereIsNone) {
  auto missing = ReadFindBugsFile("/nonexistent/report.xml");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(missing.status().message(), "/nonexistent/report.xml: no such file");
  const std::string path = ::testing::TempDir() + "/findbugs_report_test.xml";
  std::ofstream(path) << kSpotBugs4;
  auto f = ReadFindBugsFile(path);
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->reports.size(), 1u);
  std::ofstream(path) << "<BugCollection><BugInstance>";
  EXPECT_THAT(std::string(ReadFindBugsFile(path).status().message()), StartsWith(path + ":1: not well-formed XML"));
  std::filesystem::remove(path);
}

TEST(FindBugsReport, DereferenceTypes) {
  for (const char* t : {"NP_NULL_ON_SOME_PATH", "NP_NULL_ON_SOME_PATH_EXCEPTION", "NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE",
                        "NP_NULL_ON_SOME_PATH_MIGHT_BE_INFEASIBLE", "NP_NULL_PARAM_DEREF",
                        "NP_NULL_PARAM_DEREF_ALL_TARGETS_DANGEROUS", "NP_NULL_PARAM_DEREF_NONVIRTUAL",
                        "NP_GUARANTEED_DEREF", "NP_GUARANTEED_DEREF_ON_EXCEPTION_PATH", "NP_ALWAYS_NULL",
                        "NP_ALWAYS_NULL_EXCEPTION", "NP_DEREFERENCE_OF_READLINE_VALUE",
                        "NP_IMMEDIATE_DEREFERENCE_OF_READLINE", "RCN_REDUNDANT_NULLCHECK_WOULD_HAVE_BEEN_A_NPE"}) {
    EXPECT_TRUE(IsDereferenceReport(t)) << t;
  }
  for (const char* t : {"", "NP_LOAD_OF_KNOWN_NULL_VALUE", "RCN_REDUNDANT_NULLCHECK_OF_NONNULL_VALUE",
                        "NP_PARAMETER_MUST_BE_NONNULL_BUT_MARKED_AS_NULLABLE", "NP_NULL_ON_SOME_PATH ", "SE_BAD_FIELD"}) {
    EXPECT_FALSE(IsDereferenceReport(t)) << t;
  }
}

// --- The reports of ../shared/data/findbugs ---------------------------------
// (copied unchanged into tests/data/findbugs, so that a clone has them)

std::string DataDir() { return jwp::testing::SourceDir() + "/tests/data/findbugs"; }

// jars.txt: report file name -> the Debian jar it was made from.
std::map<std::string, std::string> JarsOfReports() {
  std::map<std::string, std::string> out;
  std::ifstream in(DataDir() + "/jars.txt");
  std::string line, report;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string key, value;
    words >> key >> value;
    if (key == "report:") report = value;
    if (key == "jar:") out[report] = value;
  }
  return out;
}

// A jar with the JDK (the one the build's javac is from) and its hierarchy.
class JarWorld {
 public:
  static const JarWorld& Get(const std::string& jar) {
    static auto* worlds = new std::map<std::string, std::unique_ptr<JarWorld>>();
    auto& w = (*worlds)[jar];
    if (w == nullptr) w.reset(new JarWorld(jar));
    return *w;
  }
  const classfile::ClassHierarchy* h() const { return hierarchy_.get(); }

 private:
  explicit JarWorld(const std::string& jar) {
    classfile::ClassPathOptions options;
    options.jdk_home = jwp::testing::JavaHome();
    auto cp = classfile::ClassPath::Open(jar, options, &diagnostics_);
    EXPECT_TRUE(cp.ok()) << cp.status();
    if (!cp.ok()) return;
    cp_ = std::move(*cp);
    auto h = classfile::ClassHierarchy::Build(*cp_);
    EXPECT_TRUE(h.ok()) << h.status();
    if (h.ok()) hierarchy_ = std::move(*h);
  }
  classfile::Diagnostics diagnostics_;
  std::unique_ptr<classfile::ClassPath> cp_;
  std::unique_ptr<classfile::ClassHierarchy> hierarchy_;
};

// Per report file: BugInstances, and those that make goals.
struct FileCounts {
  const char* file;
  size_t reports;
  size_t dereference_reports;
};
constexpr FileCounts kFiles[] = {
    {"commons-collections4-4.2.findbugs.xml", 13, 0}, {"commons-io-2.11.0.findbugs.xml", 18, 9},
    {"commons-lang3-3.12.0.findbugs.xml", 29, 0},     {"commons-math3-3.6.1.findbugs.xml", 54, 0},
    {"guava-31.1.findbugs.xml", 606, 111},            {"h2-2.1.214.findbugs.xml", 347, 4},
    {"jackson-databind-2.14.0.findbugs.xml", 185, 14}, {"jsoup-1.15.3.findbugs.xml", 66, 2},
    {"log4j-core-2.19.0.findbugs.xml", 199, 6},
};

bool HaveData() { return std::filesystem::is_directory(DataDir()); }

TEST(FindBugsReports, EveryFileIsReadWithItsReportCounts) {
  ASSERT_TRUE(HaveData()) << "no " << DataDir();
  std::set<std::string> on_disk;
  for (const auto& e : std::filesystem::directory_iterator(DataDir())) {
    if (e.path().extension() == ".xml") on_disk.insert(e.path().filename().string());
  }
  std::set<std::string> expected;
  for (const FileCounts& c : kFiles) expected.insert(c.file);
  EXPECT_EQ(on_disk, expected);

  std::map<std::string, int> by_type;
  for (const FileCounts& c : kFiles) {
    auto f = ReadFindBugsFile(DataDir() + "/" + c.file);
    ASSERT_TRUE(f.ok()) << f.status();
    EXPECT_THAT(f->tool_version, StartsWith("3.1.0")) << c.file;
    EXPECT_EQ(f->reports.size(), c.reports) << c.file;
    size_t dereference = 0;
    for (const FindBugsReport& r : f->reports) {
      if (!IsDereferenceReport(r.type)) continue;
      ++dereference;
      ++by_type[r.type];
      EXPECT_GE(r.bci, 0) << c.file << " " << r.index;
      EXPECT_GE(r.line, 0) << c.file << " " << r.index;
    }
    EXPECT_EQ(dereference, c.dereference_reports) << c.file;
  }
  const std::map<std::string, int> expected_types = {
      {"NP_NULL_ON_SOME_PATH", 28},
      {"NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE", 72},
      {"NP_NULL_PARAM_DEREF", 23},
      {"RCN_REDUNDANT_NULLCHECK_WOULD_HAVE_BEEN_A_NPE", 23},
  };
  EXPECT_EQ(by_type, expected_types);
}

// Checks the site of a located goal: an npe site dereferences a reference;
// an npe-arg site is a call with a reference K-th argument.
void ExpectSiteFits(const classfile::ClassHierarchy& h, const ReportGoal& goal, const std::string& who) {
  auto resolved = wp::ResolveGoal(h, goal.spec);
  ASSERT_TRUE(resolved.ok()) << who << ": " << resolved.status();
  const ir::MethodIR& ir = *resolved->ir;
  for (const wp::GoalSite& s : resolved->sites) {
    const ir::Instruction& in = ir.insns[s.insn];
    EXPECT_EQ(in.bci, static_cast<uint32_t>(goal.spec.position)) << who;
    ASSERT_NE(s.dereferenced, ir::kNone) << who;
    EXPECT_TRUE(ir::IsReference(ir.values[s.dereferenced].type.kind)) << who;
    if (goal.spec.kind == wp::GoalKind::kNpe) {
      EXPECT_EQ(ir.edges[s.edge].thrown, "java/lang/NullPointerException") << who;
      EXPECT_EQ(s.dereferenced, in.operands[0]) << who;
    } else {
      ASSERT_EQ(goal.spec.kind, wp::GoalKind::kNpeArg) << who;
      ASSERT_EQ(in.op, ir::Op::kInvoke) << who;
      auto desc = classfile::ParseMethodDescriptor(in.descriptor);
      ASSERT_TRUE(desc.ok()) << who;
      ASSERT_LE(static_cast<size_t>(goal.spec.argument), desc->params.size()) << who;
      EXPECT_TRUE(desc->params[goal.spec.argument - 1].IsReference()) << who;
    }
  }
}

TEST(FindBugsReports, EveryDereferenceReportLocatesAGoalThatResolves) {
  ASSERT_TRUE(HaveData()) << "no " << DataDir();
  const auto jars = JarsOfReports();
  const auto start = std::chrono::steady_clock::now();
  std::map<std::string, int> located, npe_arg, return_value_flows;
  std::vector<std::string> failures;
  int fallbacks = 0;
  for (const FileCounts& c : kFiles) {
    if (c.dereference_reports == 0) continue;
    ASSERT_TRUE(jars.count(c.file)) << "jars.txt names no jar for " << c.file;
    const std::string& jar = jars.at(c.file);
    ASSERT_TRUE(std::filesystem::exists(jar)) << jar << " is missing: install its Debian package (jars.txt)";
    const classfile::ClassHierarchy* h = JarWorld::Get(jar).h();
    ASSERT_NE(h, nullptr);
    auto f = ReadFindBugsFile(DataDir() + "/" + c.file);
    ASSERT_TRUE(f.ok()) << f.status();
    for (const FindBugsReport& r : f->reports) {
      if (!IsDereferenceReport(r.type)) continue;
      const std::string who = std::string(c.file) + " report " + std::to_string(r.index);
      auto goal = GoalForReport(*h, r);
      if (!goal.ok()) {
        failures.push_back(who + ": " + std::string(goal.status().message()));
        // Only a returned (not dereferenced) value makes no goal here.
        EXPECT_EQ(goal.status().code(), absl::StatusCode::kFailedPrecondition) << goal.status();
        continue;
      }
      ++located[r.type];
      if (goal->spec.kind == wp::GoalKind::kNpeArg) ++npe_arg[r.type];
      EXPECT_EQ(goal->spec.class_name, r.class_name);
      EXPECT_EQ(goal->spec.method_name, r.method_name);
      EXPECT_EQ(goal->spec.descriptor, r.descriptor);
      EXPECT_FALSE(goal->how.empty());
      if (goal->how.find("; FindBugs' ") == std::string::npos) ++fallbacks;
      ExpectSiteFits(*h, *goal, who);
      if (r.type == "NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE") {
        auto resolved = wp::ResolveGoal(*h, goal->spec);
        ASSERT_TRUE(resolved.ok());
        for (const wp::GoalSite& s : resolved->sites) {
          ++return_value_flows[ir::OpName(resolved->ir->def(s.dereferenced).op)];
        }
      }
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "146 reports in " << seconds << " s\n";
  // Every report is located where FindBugs points (none needed the next
  // dereference on the line, or the first after the call).
  EXPECT_EQ(fallbacks, 0) << "reports located away from FindBugs' SourceLine";
  const std::map<std::string, int> expected_located = {
      {"NP_NULL_ON_SOME_PATH", 28},
      {"NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE", 71},
      {"NP_NULL_PARAM_DEREF", 23},
      {"RCN_REDUNDANT_NULLCHECK_WOULD_HAVE_BEEN_A_NPE", 23},
  };
  EXPECT_EQ(located, expected_located);
  // npe-arg:K goals: every NP_NULL_PARAM_DEREF; the _FROM_RETURN_VALUE
  // reports whose SourceLine is SOURCE_LINE_INVOKED (the value passed to a
  // parameter FindBugs holds non-null: Objects.requireNonNull, Optional.of,
  // guava's own methods); the RCN reports whose "dereference" is such a call
  // (copyToFile(source, ...), ImmutableList.copyOf(stream), ...).
  const std::map<std::string, int> expected_npe_arg = {
      {"NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE", 42},
      {"NP_NULL_PARAM_DEREF", 23},
      {"RCN_REDUNDANT_NULLCHECK_WOULD_HAVE_BEEN_A_NPE", 15},
  };
  EXPECT_EQ(npe_arg, expected_npe_arg);
  // How the returned value reaches its use: directly (the call's result, or
  // Class.cast's), through a checkcast, or through a phi that merges it
  // with other values (e.g. LocalCache$Segment.compute: `valueReference` is
  // null or getValueReference()'s result when it is passed at bci 205).
  const std::map<std::string, int> expected_flows = {{"checkcast", 13}, {"invoke", 53}, {"phi", 5}};
  EXPECT_EQ(return_value_flows, expected_flows);
  // One report cannot make a goal: guava's CharStreams.readFirstLine(InputSupplier)
  // returns CharSource.readFirstLine()'s possibly-null result from a method
  // FindBugs holds non-null (SOURCE_LINE_RETURNED); nothing dereferences it.
  EXPECT_THAT(failures,
              ::testing::ElementsAre(
                  "guava-31.1.findbugs.xml report 476: report 476 (NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE in "
                  "com.google.common.io.CharStreams.readFirstLine(Lcom/google/common/io/InputSupplier;)"
                  "Ljava/lang/String;): FindBugs reports the value returned by the call of "
                  "com.google.common.io.CharSource.readFirstLine at bci 4 (line 256) as returned at bci 7 "
                  "(SOURCE_LINE_RETURNED) from a method that must not return null, not as dereferenced"));
}

// --- GoalForReport on reports made here ---------------------------------------

const classfile::ClassHierarchy& Jar(const std::string& jar) {
  EXPECT_TRUE(std::filesystem::exists(jar)) << jar << " is missing: install its Debian package (jars.txt)";
  const classfile::ClassHierarchy* h = JarWorld::Get(jar).h();
  EXPECT_NE(h, nullptr);
  return *h;
}

const classfile::ClassHierarchy& Guava() { return Jar("/usr/share/java/guava.jar"); }

FindBugsReport Report(const std::string& type, const std::string& cls, const std::string& method,
                      const std::string& descriptor, int32_t bci, int32_t line = -1) {
  FindBugsReport r;
  r.index = 7;
  r.type = type;
  r.class_name = cls;
  r.method_name = method;
  r.descriptor = descriptor;
  r.bci = bci;
  r.line = line;
  return r;
}

constexpr const char* kHashBiMap = "com/google/common/collect/HashBiMap";
constexpr const char* kDeleteDesc = "(Lcom/google/common/collect/HashBiMap$BiEntry;)V";
constexpr const char* kSegment = "com/google/common/cache/LocalCache$Segment";

ReportGoal MustLocate(const classfile::ClassHierarchy& h, const FindBugsReport& r) {
  auto g = GoalForReport(h, r);
  EXPECT_TRUE(g.ok()) << g.status();
  if (!g.ok()) return {};
  ExpectSiteFits(h, *g, r.type + " in " + r.method_name);
  return *g;
}

std::string NotFound(const classfile::ClassHierarchy& h, const FindBugsReport& r) {
  auto g = GoalForReport(h, r);
  EXPECT_FALSE(g.ok()) << g->spec.ToString();
  if (g.ok()) return "";
  EXPECT_EQ(g.status().code(), absl::StatusCode::kNotFound) << g.status();
  return std::string(g.status().message());
}

TEST(FindBugsGoal, DereferenceAtTheReportedOffset) {
  FindBugsReport r = Report("NP_NULL_ON_SOME_PATH", kHashBiMap, "delete", kDeleteDesc, 59, 155);
  r.role = "SOURCE_LINE_DEREF";
  r.value_name = "nextInKToVBucket";
  r.value_is_field = true;
  ReportGoal g = MustLocate(Guava(), r);
  EXPECT_EQ(g.spec.ToString(),
            "com.google.common.collect.HashBiMap.delete(Lcom/google/common/collect/HashBiMap$BiEntry;)V@bci:59 npe");
  EXPECT_EQ(g.line, 155);
  EXPECT_EQ(g.how,
            "the dereference at bci 59 (line 155), a getfield com.google.common.collect.HashBiMap$BiEntry."
            "nextInKToVBucket, of nextInKToVBucket; FindBugs' SOURCE_LINE_DEREF");
}

TEST(FindBugsGoal, AReportAtAFoldedLoadMeansTheNextDereferenceOnItsLine) {
  FindBugsReport r = Report("NP_NULL_ON_SOME_PATH", kHashBiMap, "delete", kDeleteDesc, 57, 155);  // aload 4
  r.role = "SOURCE_LINE_DEREF";
  ReportGoal g = MustLocate(Guava(), r);
  EXPECT_EQ(g.spec.position, 59);
  EXPECT_EQ(g.spec.kind, wp::GoalKind::kNpe);
  EXPECT_THAT(g.how, HasSubstr("; the next on line 155 after FindBugs' SOURCE_LINE_DEREF at bci 57, which the IR "
                               "folds away (a load or stack operation)"));
  // Without an offset, the first dereference of the line.
  r.bci = -1;
  g = MustLocate(Guava(), r);
  EXPECT_EQ(g.spec.position, 59);
  EXPECT_THAT(g.how, HasSubstr("; the first on line 155 (the report gives no bytecode offset)"));
}

TEST(FindBugsGoal, NoDereferenceThereIsNotFound) {
  // Platform.getEnumIfPresent: bci 32 is a checkcast; after it on line 51
  // only the static Optional.of and the return.
  FindBugsReport r = Report("NP_NULL_ON_SOME_PATH", "com/google/common/base/Platform", "getEnumIfPresent",
                            "(Ljava/lang/Class;Ljava/lang/String;)Lcom/google/common/base/Optional;", 32, 51);
  EXPECT_EQ(NotFound(Guava(), r),
            "report 7 (NP_NULL_ON_SOME_PATH in com.google.common.base.Platform.getEnumIfPresent(Ljava/lang/Class;"
            "Ljava/lang/String;)Lcom/google/common/base/Optional;): nothing at bci 32 or after it on its line "
            "dereferences a possibly-null value (at bci 32: checkcast)");
  r.bci = r.line = -1;
  EXPECT_THAT(NotFound(Guava(), r), HasSubstr(": the report gives neither a line nor a bytecode offset"));
}

TEST(FindBugsGoal, ReturnValueGoalIsAtTheUseFindBugsNames) {
  FindBugsReport r = Report("NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE", "com/google/common/base/Platform",
                            "getEnumIfPresent",
                            "(Ljava/lang/Class;Ljava/lang/String;)Lcom/google/common/base/Optional;", 26, 51);
  r.use_bci = 35;
  r.use_role = "SOURCE_LINE_INVOKED";
  ReportGoal g = MustLocate(Guava(), r);
  // WeakReference.get()'s result goes through Class.cast and a checkcast
  // into Optional.of, which throws NullPointerException on null.
  EXPECT_EQ(g.spec.KindText(), "npe-arg:1");
  EXPECT_EQ(g.spec.position, 35);
  EXPECT_EQ(g.how,
            "the call of com.google.common.base.Optional.of at bci 35 (line 51), which passes the value returned by "
            "the call of java.lang.ref.WeakReference.get at bci 26 (line 51) as argument 1; FindBugs' "
            "SOURCE_LINE_INVOKED");
}

TEST(FindBugsGoal, ReturnValueGoalFallsBackToTheFirstDereferenceAfterTheCall) {
  // LocalCache$Segment.clear: getValueReference() at bci 62, isActive() on
  // its result at 67; bci 77 is getKey() on the entry.
  FindBugsReport r = Report("NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE", kSegment, "clear", "()V", 62, 3198);
  r.use_bci = 77;
  r.use_role = "SOURCE_LINE_DEREF";
  ReportGoal g = MustLocate(Guava(), r);
  EXPECT_EQ(g.spec.ToString(), "com.google.common.cache.LocalCache$Segment.clear()V@bci:67 npe");
  EXPECT_EQ(g.how,
            "the first dereference after the call, at bci 67 (line 3198), a call of "
            "com.google.common.cache.LocalCache$ValueReference.isActive, of the value returned by the call of "
            "com.google.common.cache.ReferenceEntry.getValueReference at bci 62 (line 3198); FindBugs' "
            "SOURCE_LINE_DEREF at bci 77 does not use it");
  r.use_bci = -1;
  r.use_role = "";
  g = MustLocate(Guava(), r);
  EXPECT_EQ(g.spec.position, 67);
  EXPECT_THAT(g.how, HasSubstr("; the report names no use"));
}

TEST(FindBugsGoal, ReturnValueGoalsThatDoNotExist) {
  // CharStreams.readFirstLine(InputSupplier) only returns the value.
  FindBugsReport r = Report("NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE", "com/google/common/io/CharStreams",
                            "readFirstLine", "(Lcom/google/common/io/InputSupplier;)Ljava/lang/String;", 4, 256);
  EXPECT_THAT(NotFound(Guava(), r),
              HasSubstr(": the value returned by the call of com.google.common.io.CharSource.readFirstLine at bci 4 "
                        "(line 256) is never dereferenced in the method"));
  r.use_bci = 7;
  r.use_role = "SOURCE_LINE_RETURNED";
  auto returned = GoalForReport(Guava(), r);
  ASSERT_FALSE(returned.ok());
  EXPECT_EQ(returned.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(returned.status().message()),
              HasSubstr("as returned at bci 7 (SOURCE_LINE_RETURNED) from a method that must not return null, not as "
                        "dereferenced"));
  // The call must return a reference.
  r = Report("NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE", kSegment, "clear", "()V", 67, 3198);
  EXPECT_THAT(NotFound(Guava(), r),
              HasSubstr(": no call returning a reference at the report's SOURCE_LINE_KNOWN_NULL (at bci 67: call of "
                        "com.google.common.cache.LocalCache$ValueReference.isActive)"));
}

TEST(FindBugsGoal, NullArgumentMustBeAReferenceArgumentOfTheCall) {
  // clear() calls enqueueNotification(Object, int, Object, int, RemovalCause) at bci 145.
  FindBugsReport r = Report("NP_NULL_PARAM_DEREF", kSegment, "clear", "()V", 145, 3203);
  r.argument = 3;
  ReportGoal g = MustLocate(Guava(), r);
  EXPECT_EQ(g.spec.ToString(), "com.google.common.cache.LocalCache$Segment.clear()V@bci:145 npe-arg:3");
  r.argument = 2;
  EXPECT_THAT(NotFound(Guava(), r),
              HasSubstr(": the call of com.google.common.cache.LocalCache$Segment.enqueueNotification at bci 145 "
                        "(line 3203) has no reference argument 2 (descriptor (Ljava/lang/Object;ILjava/lang/Object;"
                        "ILcom/google/common/cache/RemovalCause;)V)"));
  r.argument = 6;
  EXPECT_THAT(NotFound(Guava(), r), HasSubstr("has no reference argument 6"));
  r.argument = 1;
  r.bci = 146;
  EXPECT_THAT(NotFound(Guava(), r),
              HasSubstr(": no call at bci 146 (no IR instruction comes from bci 146 (a load, store or stack "
                        "operation, or not the start of an instruction))"));
  r.argument = 0;
  EXPECT_THAT(NotFound(Guava(), r), HasSubstr(": the report names no argument (INT_MAYBE_NULL_ARG)"));
}

TEST(FindBugsGoal, RedundantNullCheckWithoutTheCheckUsesTheValueName) {
  const classfile::ClassHierarchy& io = Jar("/usr/share/java/commons-io.jar");
  // copyInputStreamToFile: `copyToFile(source, destination)` at bci 4.
  FindBugsReport r = Report("RCN_REDUNDANT_NULLCHECK_WOULD_HAVE_BEEN_A_NPE", "org/apache/commons/io/FileUtils",
                            "copyInputStreamToFile", "(Ljava/io/InputStream;Ljava/io/File;)V", 4, 952);
  r.value_name = "source";
  ReportGoal g = MustLocate(io, r);
  EXPECT_EQ(g.spec.KindText(), "npe-arg:1");
  EXPECT_EQ(g.how,
            "the call of org.apache.commons.io.FileUtils.copyToFile at bci 4 (line 952), which passes source as "
            "argument 1; FindBugs' primary SourceLine");
  // With the check, the value it tests.
  r.source_lines.push_back(FindBugsSourceLine{"SOURCE_REDUNDANT_NULL_CHECK", false, 953, 953, 8, 8});
  r.value_name = "";
  g = MustLocate(io, r);
  EXPECT_THAT(g.how, HasSubstr("which passes the value that the null check at bci 8 (line 953) tests as argument 1"));
}

TEST(FindBugsGoal, MissingClassMethodOrTypeAreErrors) {
  FindBugsReport r = Report("NP_NULL_ON_SOME_PATH", "com/google/common/Nope", "m", "()V", 0);
  EXPECT_EQ(NotFound(Guava(), r),
            "report 7 (NP_NULL_ON_SOME_PATH in com.google.common.Nope.m()V): no class com.google.common.Nope on the "
            "class path");
  r = Report("NP_NULL_ON_SOME_PATH", kHashBiMap, "delete", "()V", 59);
  EXPECT_THAT(NotFound(Guava(), r), HasSubstr(": class com.google.common.collect.HashBiMap has no method delete()V; "
                                              "delete has descriptors: " +
                                              std::string(kDeleteDesc)));
  r = Report("NP_NULL_ON_SOME_PATH", kHashBiMap, "nothingLikeThis", "()V", 59);
  EXPECT_THAT(NotFound(Guava(), r), HasSubstr("has no method nothingLikeThis()V (nor any of that name)"));
  r = Report("NP_NULL_ON_SOME_PATH", "com/google/common/base/Function", "apply",
             "(Ljava/lang/Object;)Ljava/lang/Object;", 0);
  EXPECT_THAT(NotFound(Guava(), r), HasSubstr(": method apply(Ljava/lang/Object;)Ljava/lang/Object; has no code"));
  r = Report("SE_BAD_FIELD", kHashBiMap, "delete", kDeleteDesc, 59);
  auto g = GoalForReport(Guava(), r);
  EXPECT_EQ(g.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(g.status().message()), HasSubstr(": SE_BAD_FIELD is not a dereference goal"));
}

}  // namespace
}  // namespace jwp::app
