import java.nio.file.Files;
import java.nio.file.Path;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Writes class files with bytecode javac never emits, for the javap
 * differential (tests/javap/CMakeLists.txt runs it with ASM on the class
 * path: java -cp asm.jar GenHandmade.java OUTDIR):
 *   handmade/Old         version 49: jsr, ret, wide ret, goto_w, jsr_w, no SourceFile
 *   handmade/New         version 61: ldc of MethodHandle, MethodType, dynamic constants,
 *                        odd names that javap quotes, unpaired surrogates, flags
 *   handmade/Iface51     a version-51 interface with a non-abstract method (no "default")
 *   handmade/PlainSig    class Signatures javap reads as a plain type
 *   handmade/Vararg      ACC_VARARGS on methods whose last parameter is no array
 * The classes are never loaded; they need not verify.
 */
public class GenHandmade implements Opcodes {
  public static void main(String[] args) throws Exception {
    Path out = Path.of(args[0], "handmade");
    Files.createDirectories(out);
    Files.write(out.resolve("Old.class"), old());
    Files.write(out.resolve("New.class"), newer());
    Files.write(out.resolve("Iface51.class"), iface51());
    Files.write(out.resolve("PlainSig.class"), plainSig());
    Files.write(out.resolve("Vararg.class"), vararg());
  }

  static byte[] old() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(V1_5, ACC_PUBLIC | ACC_SUPER, "handmade/Old", null, "java/lang/Object",
        new String[] {"java/lang/Runnable", "java/io/Serializable"});
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 0);
    mv.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();

    // try { ... } finally { ... } the way javac 1.4 compiled it: a subroutine.
    mv = cw.visitMethod(ACC_PUBLIC, "run", "()V", null, null);
    mv.visitCode();
    Label start = new Label(), end = new Label(), handler = new Label(), sub = new Label(),
        done = new Label();
    mv.visitTryCatchBlock(start, end, handler, null);
    mv.visitLabel(start);
    mv.visitFieldInsn(GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
    mv.visitLdcInsn("body");
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/PrintStream", "println", "(Ljava/lang/String;)V", false);
    mv.visitJumpInsn(JSR, sub);
    mv.visitLabel(end);
    mv.visitJumpInsn(GOTO, done);
    mv.visitLabel(handler);
    mv.visitVarInsn(ASTORE, 1);
    mv.visitJumpInsn(JSR, sub);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitInsn(ATHROW);
    mv.visitLabel(sub);
    mv.visitVarInsn(ASTORE, 2);
    mv.visitFieldInsn(GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
    mv.visitLdcInsn("finally");
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/PrintStream", "println", "(Ljava/lang/String;)V", false);
    mv.visitVarInsn(RET, 2);
    mv.visitLabel(done);
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();

    // A subroutine whose return address lives in a wide local (wide ret),
    // and a method long enough that ASM widens goto and jsr to goto_w, jsr_w.
    mv = cw.visitMethod(ACC_STATIC | ACC_SYNCHRONIZED | ACC_STRICT, "far", "(I)I", null,
        new String[] {"java/lang/Exception"});
    mv.visitCode();
    Label far = new Label(), subroutine = new Label(), farSubroutine = new Label();
    mv.visitJumpInsn(JSR, subroutine);
    mv.visitJumpInsn(JSR, farSubroutine);
    mv.visitJumpInsn(GOTO, far);
    mv.visitLabel(subroutine);
    mv.visitVarInsn(ASTORE, 300);
    mv.visitIincInsn(300 - 1, -200);
    mv.visitVarInsn(RET, 300);
    for (int i = 0; i < 33000; i++) mv.visitInsn(NOP);
    mv.visitLabel(farSubroutine);
    mv.visitVarInsn(ASTORE, 1);
    mv.visitVarInsn(RET, 1);
    mv.visitLabel(far);
    mv.visitVarInsn(ILOAD, 0);
    mv.visitIntInsn(SIPUSH, -32768);
    mv.visitInsn(IADD);
    mv.visitIntInsn(BIPUSH, -128);
    mv.visitInsn(IADD);
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();

    // Switches: an empty lookupswitch, a one-case tableswitch at extreme keys.
    mv = cw.visitMethod(ACC_STATIC, "switches", "(I)I", null, null);
    mv.visitCode();
    Label d1 = new Label(), d2 = new Label(), c1 = new Label();
    mv.visitVarInsn(ILOAD, 0);
    mv.visitLookupSwitchInsn(d1, new int[0], new Label[0]);
    mv.visitLabel(d1);
    mv.visitVarInsn(ILOAD, 0);
    mv.visitTableSwitchInsn(Integer.MAX_VALUE, Integer.MAX_VALUE, d2, c1);
    mv.visitLabel(c1);
    mv.visitInsn(ICONST_1);
    mv.visitInsn(IRETURN);
    mv.visitLabel(d2);
    mv.visitVarInsn(ILOAD, 0);
    mv.visitLookupSwitchInsn(d1, new int[] {Integer.MIN_VALUE, -1, Integer.MAX_VALUE},
        new Label[] {c1, d2, c1});
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  static byte[] newer() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC, "handmade/New", null,
        "java/lang/Object", null);
    cw.visitSource("New.jasm", null);
    cw.visitField(ACC_PRIVATE | ACC_VOLATILE | ACC_TRANSIENT, "odd field", "[[J", null, null);
    cw.visitField(ACC_STATIC, "\u00e9t\u00e9", "Ljava/lang/Object;", null, null);

    Handle bsm = new Handle(H_INVOKESTATIC, "java/lang/invoke/ConstantBootstraps", "invoke",
        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;"
            + "Ljava/lang/invoke/MethodHandle;[Ljava/lang/Object;)Ljava/lang/Object;",
        false);
    Handle valueOf = new Handle(H_INVOKESTATIC, "java/lang/Integer", "valueOf",
        "(I)Ljava/lang/Integer;", false);
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC | ACC_VARARGS, "constants",
        "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    mv.visitLdcInsn(new Handle(H_GETFIELD, "handmade/New", "odd field", "[[J", false));
    mv.visitLdcInsn(new Handle(H_NEWINVOKESPECIAL, "java/util/ArrayList", "<init>", "()V", false));
    mv.visitLdcInsn(new Handle(H_INVOKEINTERFACE, "java/util/List", "size", "()I", true));
    mv.visitLdcInsn(new Handle(H_PUTSTATIC, "handmade/New", "\u00e9t\u00e9", "Ljava/lang/Object;", false));
    mv.visitLdcInsn(Type.getMethodType("(I[Ljava/lang/String;)J"));
    mv.visitLdcInsn(Type.getType("[[Ljava/lang/String;"));
    mv.visitLdcInsn(new ConstantDynamic("_", "Ljava/lang/Integer;", bsm, valueOf, 42));
    mv.visitLdcInsn(new ConstantDynamic("wide", "J", bsm,
        new Handle(H_INVOKESTATIC, "java/lang/Long", "valueOf", "(J)Ljava/lang/Long;", false), 7L));
    mv.visitLdcInsn("lone \ud800 surrogate, nul \u0000, bom \ufeff, del \u007f, nbsp \u00a0");
    mv.visitLdcInsn(Long.MIN_VALUE);
    mv.visitLdcInsn(Double.longBitsToDouble(0x7ff0000000000123L));  // a NaN with payload
    mv.visitLdcInsn(Double.NEGATIVE_INFINITY);
    mv.visitLdcInsn(Float.MIN_VALUE);
    mv.visitLdcInsn(Float.intBitsToFloat(0x00400000));  // subnormal
    mv.visitLdcInsn(Integer.MIN_VALUE);
    mv.visitMethodInsn(INVOKESTATIC, "handmade/New", "odd name", "()V", false);
    mv.visitMethodInsn(INVOKESTATIC, "pkg-with-dash/Cls", "a\u2192b", "()V", false);
    mv.visitMethodInsn(INVOKESTATIC, "\u00fc/\u00e9\u00e8", "\u00e9", "()V", false);
    mv.visitMethodInsn(INVOKESTATIC, "java/util/List", "of", "()Ljava/util/List;", true);
    mv.visitFieldInsn(GETSTATIC, "handmade/New", "\u00e9t\u00e9", "Ljava/lang/Object;");
    mv.visitTypeInsn(CHECKCAST, "[Ljava/lang/Object;");
    mv.visitMultiANewArrayInsn("[[[I", 3);
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();

    mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC | ACC_BRIDGE | ACC_SYNTHETIC, "odd name", "()V", null,
        new String[] {"java/lang/Error", "java/lang/RuntimeException"});
    mv.visitCode();
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = cw.visitMethod(ACC_PROTECTED | ACC_FINAL, "\u00fcml\u00e4ut", "(Ljava/lang/String;)V", null, null);
    mv.visitCode();
    Label a = new Label(), b = new Label();
    mv.visitLabel(a);
    mv.visitInsn(RETURN);
    mv.visitLabel(b);
    mv.visitLineNumber(65535, a);
    mv.visitLocalVariable("this", "Lhandmade/New;", null, a, b, 0);
    mv.visitLocalVariable("n\u00e4me\ttab", "Ljava/lang/String;", null, a, b, 1);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  static byte[] iface51() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(V1_7, ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT, "handmade/Iface51", null,
        "java/lang/Object", new String[] {"java/lang/Runnable", "java/lang/Comparable"});
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "run", "()V", null, null);
    mv.visitCode();
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitMethod(ACC_PUBLIC | ACC_ABSTRACT, "compareTo", "(Ljava/lang/Object;)I", null, null).visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  static byte[] plainSig() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(V11, ACC_ABSTRACT | ACC_SUPER, "handmade/PlainSig",
        "Ljava/util/AbstractList<Ljava/lang/String;>;", "java/util/AbstractList", null);
    cw.visitField(ACC_PUBLIC, "list", "Ljava/util/List;", "Ljava/util/List<[TT;>;", null);
    cw.visitField(ACC_PUBLIC, "entry", "Ljava/util/Map$Entry;",
        "Ljava/util/Map$Entry<+Ljava/lang/Number;-Ljava/lang/Integer;>;", null);
    cw.visitMethod(ACC_PUBLIC | ACC_ABSTRACT, "m", "(Ljava/util/List;)Ljava/lang/Object;",
        "<T::Ljava/lang/Runnable;U:TT;>(Ljava/util/List<*>;)TU;", null).visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  static byte[] vararg() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(V1_8, ACC_ABSTRACT | ACC_SUPER, "handmade/Vararg", "Ljava/lang/Object;",
        "java/lang/Object", null);
    cw.visitMethod(ACC_ABSTRACT | ACC_VARARGS, "noArray", "(I)V", null, null).visitEnd();
    cw.visitMethod(ACC_ABSTRACT | ACC_VARARGS, "arrayFirst", "([II)V", null, null).visitEnd();
    cw.visitMethod(ACC_ABSTRACT | ACC_VARARGS, "twoDims", "(J[[Ljava/lang/String;)V", null, null).visitEnd();
    cw.visitMethod(ACC_ABSTRACT | ACC_VARARGS, "none", "()V", null, null).visitEnd();
    cw.visitMethod(ACC_ABSTRACT | ACC_VARARGS, "generic", "([Ljava/util/List;)V",
        "([Ljava/util/List<[Ljava/lang/String;>;)V", null).visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }
}
