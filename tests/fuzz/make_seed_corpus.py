#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets from real classes.

  class/    the Java fixtures (build/fixtures/release8, release17) and a
            deterministic sample of java.base classes from the JDK's jmod
  archive/  small jars made here from those classes (stored, deflated,
            multi-release), a jmod, an empty zip and a small jimage
  jimage/   small jimages written here (plain, zip, compact-cp and stacked
            resources, /packages/ entries, both byte orders)

Nothing random: the same inputs give the same corpus. The jimage writer
follows jlink's ImageFileCreator and PerfectHashBuilder, as the test writer in
tests/classfile/jimage_test.cc does.

usage: make_seed_corpus.py --fixtures DIR --java-home DIR --out DIR
"""

import argparse
import io
import os
import shutil
import struct
import sys
import zipfile
import zlib

# How many java.base classes go into class/, and the largest one taken.
JDK_SAMPLE = 120
JDK_MAX_CLASS_SIZE = 12 * 1024
FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def fixture_classes(fixtures):
    """(name, bytes) of every fixture class, sorted by name."""
    out = []
    for release in ("release8", "release17"):
        root = os.path.join(fixtures, release)
        for dirpath, _, files in os.walk(root):
            for f in files:
                if f.endswith(".class"):
                    path = os.path.join(dirpath, f)
                    rel = os.path.relpath(path, root).replace(os.sep, "/")
                    with open(path, "rb") as fh:
                        out.append((release + "/" + rel, fh.read()))
    out.sort()
    return out


def jdk_sample(java_home):
    """(name, bytes) of a deterministic sample of java.base classes."""
    jmod = os.path.join(java_home, "jmods", "java.base.jmod")
    if not os.path.exists(jmod):
        print("make_seed_corpus: no %s; JDK classes left out" % jmod, file=sys.stderr)
        return []
    with zipfile.ZipFile(jmod) as z:  # zipfile skips the "JM" 1 0 prefix
        infos = sorted((i for i in z.infolist()
                        if i.filename.startswith("classes/") and i.filename.endswith(".class")
                        and i.file_size <= JDK_MAX_CLASS_SIZE),
                       key=lambda i: i.filename)
        step = max(1, len(infos) // JDK_SAMPLE)
        picked = infos[::step][:JDK_SAMPLE]
        # Always include a few classes with interesting shapes.
        wanted = {"classes/java/lang/Object.class", "classes/java/lang/Enum.class",
                  "classes/java/lang/Record.class", "classes/module-info.class",
                  "classes/java/lang/annotation/Retention.class",
                  "classes/java/util/function/Function.class"}
        picked += [i for i in infos if i.filename in wanted and i not in picked]
        return [(i.filename[len("classes/"):], z.read(i)) for i in picked]


def flat_name(name):
    return name.replace("/", "_").replace("$", "_")


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(data)


def make_zip(entries, compression=zipfile.ZIP_DEFLATED):
    """A zip in memory from (name, bytes), with fixed timestamps."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = compression
            z.writestr(info, data)
    return buf.getvalue()


# --- jimage writer --------------------------------------------------------------

HASH_MULTIPLIER = 0x01000193


def jhash(name, seed):
    for c in name.encode("utf-8"):
        seed = ((seed * HASH_MULTIPLIER) ^ c) & 0xFFFFFFFF
    return seed & 0x7FFFFFFF


def encode_index(value, wide=False):
    """CompressIndexes.compress."""
    width = value.bit_length()
    size = min(((width + 3 - 1) >> 3) + 1, 4)
    if wide:
        size = 4
    out = bytearray(value.to_bytes(size, "big"))
    if size < 4:
        out[0] |= 0x80 | (size << 5)
    return bytes(out)


class ImageBuilder:
    def __init__(self, big_endian=False):
        self.be = big_endian
        self.strings = {}
        self.string_bytes = bytearray()
        self.entries = []
        self.string("")

    def u4(self, v):
        return struct.pack(">I" if self.be else "<I", v & 0xFFFFFFFF)

    def u8(self, v):
        return struct.pack(">Q" if self.be else "<Q", v)

    def string(self, s):
        if s not in self.strings:
            self.strings[s] = len(self.string_bytes)
            self.string_bytes += s.encode("utf-8") + b"\0"
        return self.strings[s]

    def header(self, decompressor, size, uncompressed):
        return (self.u4(0xCAFEFAFA) + self.u8(size) + self.u8(uncompressed) +
                self.u4(self.string(decompressor)) + self.u4(0xFFFFFFFF) + b"\x01")

    def zip(self, inner):
        z = zlib.compress(inner, 6)
        return self.header("zip", len(z), len(inner)) + z

    def compact_cp(self, transformed, uncompressed):
        return self.header("compact-cp", len(transformed), uncompressed) + transformed

    def add(self, module, path, stored, uncompressed=None, compressed=False):
        parent, _, name = path.rpartition("/")
        base, dot, ext = name.rpartition(".")
        if not dot:
            base, ext = name, ""
        self.add_location(module, parent, base, ext, stored,
                          len(stored) if uncompressed is None else uncompressed, compressed)

    def add_package(self, dotted, modules):
        content = b"".join(self.u4(1 if empty else 0) + self.u4(self.string(m))
                           for empty, m in modules)
        self.add_location("packages", "", dotted, "", content, len(content), False)

    def add_location(self, module, parent, base, ext, stored, uncompressed, compressed):
        name = "/" + module + "/" + (parent + "/" if parent else "") + base + ("." + ext if ext else "")
        self.entries.append(dict(name=name, module=self.string(module),
                                 parent=self.string(parent) if parent else 0,
                                 base=self.string(base), ext=self.string(ext) if ext else 0,
                                 stored=stored, uncompressed=uncompressed, compressed=compressed))

    def build(self):
        """The image; pads with small resources until the perfect hash exists."""
        pad = 0
        while True:
            image = self.try_build()
            if image is not None:
                return image
            self.add("java.base", "pad%d.txt" % pad, b"")
            pad += 1

    def try_build(self):
        n = len(self.entries)
        assert len({e["name"] for e in self.entries}) == n, "duplicate resource names"
        redirect = [0] * n
        slot_of = [-1] * n
        used = [False] * n
        buckets = {}
        for i, e in enumerate(self.entries):
            buckets.setdefault(jhash(e["name"], HASH_MULTIPLIER) % n, []).append(i)
        ordered = sorted(buckets.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        for bucket, members in ordered:
            if len(members) == 1:
                continue
            seed = 1
            while True:
                if seed > 10000:  # e.g. a power-of-two table keeps low hash bits
                    return None
                slots = [jhash(self.entries[m]["name"], seed) % n for m in members]
                if len(set(slots)) == len(slots) and not any(used[s] for s in slots):
                    for m, s in zip(members, slots):
                        used[s] = True
                        slot_of[m] = s
                    redirect[bucket] = seed
                    break
                seed += 1
        next_free = 0
        for bucket, members in ordered:
            if len(members) != 1:
                continue
            while used[next_free]:
                next_free += 1
            used[next_free] = True
            slot_of[members[0]] = next_free
            redirect[bucket] = -1 - next_free
        locations = bytearray(b"\0")
        content = bytearray()
        offsets = [0] * n
        for i, e in enumerate(self.entries):
            attrs = [0, e["module"], e["parent"], e["base"], e["ext"], len(content),
                     len(e["stored"]) if e["compressed"] else 0, e["uncompressed"]]
            offsets[slot_of[i]] = len(locations)
            for kind in range(1, 8):
                v = attrs[kind]
                if v == 0:
                    continue
                nbytes = max(1, (v.bit_length() + 7) // 8)
                locations.append(kind << 3 | (nbytes - 1))
                locations += v.to_bytes(nbytes, "big")
            locations.append(0)
            content += e["stored"]
        image = bytearray()
        for v in (0xCAFEDADA, 1 << 16, 0, n, n, len(locations), len(self.string_bytes)):
            image += self.u4(v)
        for r in redirect:
            image += self.u4(r)
        for o in offsets:
            image += self.u4(o)
        image += locations + self.string_bytes + content
        return bytes(image)


def shared_class(b):
    """A class file in compact-cp form (as MakeSharedClass in jimage_test.cc)."""
    head = bytes([0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 0x3D])
    tail = bytes([0x00, 0x21, 0x00, 0x04, 0x00, 0x00, 0xAB, 0xCD])
    u2 = lambda v: struct.pack(">H", v)
    desc = "(L;IL;)V"
    lst = (encode_index(b.string("java/lang")) + encode_index(b.string("String"), wide=True) +
           encode_index(b.string("")) + encode_index(b.string("Foo")))
    transformed = (head + u2(8) + b"\x01" + u2(5) + b"Plain" + bytes([23]) +
                   encode_index(b.string("java/lang/Object")) + bytes([25]) +
                   encode_index(b.string(desc)) + encode_index(len(lst)) + lst +
                   bytes([7, 0, 2]) + b"\x05" + bytes(range(1, 9)) + b"\x03" +
                   bytes([9, 10, 11, 12]) + tail)
    rebuilt = b"(Ljava/lang/String;ILFoo;)V"
    expected_size = (len(head) + 2 + 1 + 2 + 5 + 1 + 2 + 16 + 1 + 2 + len(rebuilt) + 3 +
                     1 + 8 + 1 + 4 + len(tail))
    return transformed, expected_size


def sample_image(classes, big_endian=False, with_packages=True, compact=True):
    b = ImageBuilder(big_endian)
    for i, (name, data) in enumerate(classes):
        if i % 2 == 0:
            b.add("fixtures", name, data)
        else:
            b.add("fixtures", name, b.zip(data), len(data), compressed=True)
    if compact:
        transformed, size = shared_class(b)
        b.add("java.base", "java/lang/Shared.class", b.compact_cp(transformed, size), size, True)
        b.add("java.sql", "java/sql/Stacked.class", b.zip(b.compact_cp(transformed, size)), size,
              True)
    b.add("java.base", "META-INF/services/x.Driver", b"d\n")
    if with_packages:
        b.add_package("fixtures", [(False, "fixtures")])
        b.add_package("java.lang", [(False, "java.base"), (True, "java.sql")])
    return b.build()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fixtures", required=True)
    ap.add_argument("--java-home", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    if os.path.isdir(args.out):
        shutil.rmtree(args.out)
    fixtures = fixture_classes(args.fixtures)
    if not fixtures:
        sys.exit("make_seed_corpus: no fixture classes under " + args.fixtures)
    jdk = jdk_sample(args.java_home)

    # class/
    for name, data in fixtures:
        write(os.path.join(args.out, "class", flat_name(name)), data)
    for name, data in jdk:
        write(os.path.join(args.out, "class", "jdk_" + flat_name(name)), data)

    # archive/
    # The three smallest fixture classes, each name once.
    entries, seen = [], set()
    for name, data in sorted(fixtures, key=lambda nd: (len(nd[1]), nd[0])):
        rel = name.split("/", 1)[1]
        if rel not in seen and len(entries) < 3:
            seen.add(rel)
            entries.append((rel, data))
    arch = os.path.join(args.out, "archive")
    os.makedirs(arch)
    # Small jars only: the fuzzer mutates whole files, and a jar of hundreds
    # of classes runs a hundred times slower than one of a dozen.
    sample, seen = [], set()
    for name, data in fixtures[::max(1, len(fixtures) // 12)]:
        rel = name.split("/", 1)[1]
        if rel not in seen and len(data) <= 4096:
            seen.add(rel)
            sample.append((rel, data))
    write(os.path.join(arch, "fixtures.jar"),
          make_zip([("META-INF/MANIFEST.MF", b"Manifest-Version: 1.0\r\n\r\n")] + sample))
    write(os.path.join(arch, "jdk.jar"), make_zip(jdk[:8]))
    write(os.path.join(arch, "stored.jar"), make_zip(entries, zipfile.ZIP_STORED))
    manifest = ("META-INF/MANIFEST.MF", b"Manifest-Version: 1.0\r\nMulti-Release: true\r\n\r\n")
    mr = [manifest] + entries + [("META-INF/versions/11/" + entries[0][0], entries[0][1]),
                                 ("META-INF/versions/99/" + entries[1][0], entries[1][1])]
    write(os.path.join(arch, "multi_release.jar"), make_zip(mr))
    jmod = [("classes/" + n, d) for n, d in entries] + [("conf/x.properties", b"a=b\n")]
    write(os.path.join(arch, "small.jmod"), b"JM\x01\x00" + make_zip(jmod))
    write(os.path.join(arch, "empty.zip"), make_zip([]))
    write(os.path.join(arch, "small.jimage"), sample_image(entries))

    # jimage/
    jim = os.path.join(args.out, "jimage")
    write(os.path.join(jim, "little.jimage"), sample_image(entries))
    write(os.path.join(jim, "big.jimage"), sample_image(entries, big_endian=True))
    write(os.path.join(jim, "no_packages.jimage"), sample_image(entries[:2], with_packages=False))
    write(os.path.join(jim, "plain.jimage"), sample_image(entries[:1], compact=False))
    write(os.path.join(jim, "empty.jimage"), ImageBuilder().build())

    with open(os.path.join(args.out, "stamp"), "w") as fh:
        fh.write("%d class, %d archive, %d jimage seeds\n" % (
            len(os.listdir(os.path.join(args.out, "class"))), len(os.listdir(arch)),
            len(os.listdir(jim))))


if __name__ == "__main__":
    main()
