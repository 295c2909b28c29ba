#!/usr/bin/env python3
"""Prints a deterministic sample of the methods `jwp exceptions` analyses in a jar, one scope entry
per line ('pkg.C.m(desc)'), for benchmarks whose whole jar does not fit in a session.

The methods are those of jwp's default scope (app/method_goals.cc, MethodsInScope): the public and
protected methods with code, not synthetic or bridges, and not static initializers, of the public,
non-synthetic classes of the jar; sorted by class, name and descriptor, every K-th one from the
first (--every K). --count prints how many there are instead.

  sample_methods.py JAR [--every 10] [--count]
"""
import argparse
import sys
import zipfile

ACC_PUBLIC, ACC_PROTECTED, ACC_BRIDGE, ACC_SYNTHETIC = 0x0001, 0x0004, 0x0040, 0x1000


class ClassReader:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def u(self, n):
        v = int.from_bytes(self.data[self.pos:self.pos + n], "big")
        self.pos += n
        return v

    def skip(self, n):
        self.pos += n


def methods_of(data):
    """(class internal name, class access flags, [(access, name, descriptor, has_code)])."""
    r = ClassReader(data)
    if r.u(4) != 0xCAFEBABE:
        raise ValueError("not a class file")
    r.skip(4)  # minor, major
    utf8, classes = {}, {}
    count = r.u(2)
    i = 1
    while i < count:
        tag = r.u(1)
        if tag == 1:
            n = r.u(2)
            utf8[i] = r.data[r.pos:r.pos + n].decode("utf-8", "replace")
            r.skip(n)
        elif tag == 7:
            classes[i] = r.u(2)
        elif tag in (8, 16, 19, 20):
            r.skip(2)
        elif tag == 15:
            r.skip(3)
        elif tag in (3, 4, 9, 10, 11, 12, 17, 18):
            r.skip(4)
        elif tag in (5, 6):
            r.skip(8)
            i += 1  # a long or double takes two entries
        else:
            raise ValueError("constant pool tag %d" % tag)
        i += 1
    access = r.u(2)
    this = utf8[classes[r.u(2)]]
    r.skip(2)  # super
    r.skip(2 * r.u(2))  # interfaces

    def skip_attributes():
        for _ in range(r.u(2)):
            r.skip(2)
            r.skip(r.u(4))

    for _ in range(r.u(2)):  # fields
        r.skip(6)
        skip_attributes()
    methods = []
    for _ in range(r.u(2)):
        m_access, name, desc = r.u(2), utf8[r.u(2)], utf8[r.u(2)]
        has_code = False
        for _ in range(r.u(2)):
            is_code = utf8.get(r.u(2)) == "Code"
            has_code = has_code or is_code
            r.skip(r.u(4))
        methods.append((m_access, name, desc, has_code))
    return this, access, methods


def scope_methods(jar):
    out = []
    with zipfile.ZipFile(jar) as z:
        for entry in z.namelist():
            if not entry.endswith(".class") or entry.startswith("META-INF/") or entry.endswith("module-info.class"):
                continue
            this, access, methods = methods_of(z.read(entry))
            if not access & ACC_PUBLIC or access & ACC_SYNTHETIC:
                continue
            for m_access, name, desc, has_code in methods:
                if not m_access & (ACC_PUBLIC | ACC_PROTECTED) or not has_code:
                    continue
                if m_access & (ACC_SYNTHETIC | ACC_BRIDGE) or name == "<clinit>":
                    continue
                out.append((this.replace("/", "."), name, desc))
    return sorted(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("jar")
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--count", action="store_true")
    a = ap.parse_args()
    if a.every < 1:
        sys.exit("--every must be at least 1")
    methods = scope_methods(a.jar)
    if a.count:
        print(len(methods))
        return
    for cls, name, desc in methods[::a.every]:
        print("%s.%s%s" % (cls, name, desc))


if __name__ == "__main__":
    main()
