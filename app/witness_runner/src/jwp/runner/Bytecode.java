package jwp.runner;

/** Instruction boundaries of a method's bytecode, to check that a bci names an instruction. */
final class Bytecode {
  private Bytecode() {}

  static final int ATHROW = 0xbf;

  /** invokevirtual, invokespecial, invokestatic, invokeinterface (not invokedynamic). */
  static boolean isInvoke(int op) {
    return op >= 0xb6 && op <= 0xb9;
  }

  /** Whether bci is the start of an instruction in code. */
  static boolean isInstructionStart(byte[] code, int bci) {
    int pc = 0;
    while (pc < code.length) {
      if (pc == bci) return true;
      if (pc > bci) return false;
      int n = length(code, pc);
      if (n <= 0) return false;
      pc += n;
    }
    return false;
  }

  /**
   * The instructions a branch at pc can go to next: for an if, {taken, not taken}; for a switch,
   * {default, then each case's target}. Null when pc holds neither.
   */
  static java.util.Map<String, Integer> successors(byte[] c, int pc) {
    int op = u1(c, pc);
    java.util.Map<String, Integer> out = new java.util.LinkedHashMap<>();
    if ((op >= 0x99 && op <= 0xa6) || op == 0xc6 || op == 0xc7) {
      out.put("true", pc + (short) ((u1(c, pc + 1) << 8) | u1(c, pc + 2)));
      out.put("false", pc + 3);
      return out;
    }
    if (op != 0xaa && op != 0xab) return null;
    int p = pc + 1 + ((4 - ((pc + 1) % 4)) % 4);
    out.put("default", pc + s4(c, p));
    if (op == 0xaa) {
      int lo = s4(c, p + 4), hi = s4(c, p + 8);
      for (long v = lo; v <= hi; v++) out.put(Long.toString(v), pc + s4(c, p + 12 + (int) (v - lo) * 4));
    } else {
      int n = s4(c, p + 4);
      for (int i = 0; i < n; i++) out.put(Integer.toString(s4(c, p + 8 + i * 8)), pc + s4(c, p + 12 + i * 8));
    }
    return out;
  }

  private static int u1(byte[] c, int i) {
    return i < c.length ? c[i] & 0xff : 0;
  }

  private static int s4(byte[] c, int i) {
    return (u1(c, i) << 24) | (u1(c, i + 1) << 16) | (u1(c, i + 2) << 8) | u1(c, i + 3);
  }

  /** Length in bytes of the instruction at pc, or -1 for an unknown opcode. */
  static int length(byte[] c, int pc) {
    int op = u1(c, pc);
    if (op <= 0x0f) return 1;
    switch (op) {
      case 0x10: return 2; // bipush
      case 0x11: return 3; // sipush
      case 0x12: return 2; // ldc
      case 0x13: case 0x14: return 3; // ldc_w, ldc2_w
      case 0x84: return 3; // iinc
      case 0xa9: return 2; // ret
      case 0xaa: { // tableswitch
        int p = pc + 1 + ((4 - ((pc + 1) % 4)) % 4);
        long lo = s4(c, p + 4), hi = s4(c, p + 8);
        if (hi < lo) return -1;
        return (int) (p - pc + 12 + (hi - lo + 1) * 4);
      }
      case 0xab: { // lookupswitch
        int p = pc + 1 + ((4 - ((pc + 1) % 4)) % 4);
        long n = s4(c, p + 4);
        if (n < 0) return -1;
        return (int) (p - pc + 8 + n * 8);
      }
      case 0xb9: case 0xba: return 5; // invokeinterface, invokedynamic
      case 0xbb: return 3; // new
      case 0xbc: return 2; // newarray
      case 0xbd: return 3; // anewarray
      case 0xc0: case 0xc1: return 3; // checkcast, instanceof
      case 0xc4: return u1(c, pc + 1) == 0x84 ? 6 : 4; // wide
      case 0xc5: return 4; // multianewarray
      case 0xc6: case 0xc7: return 3; // ifnull, ifnonnull
      case 0xc8: case 0xc9: return 5; // goto_w, jsr_w
      default:
        break;
    }
    if (op >= 0x15 && op <= 0x19) return 2; // xload
    if (op >= 0x1a && op <= 0x35) return 1; // xload_n, xaload
    if (op >= 0x36 && op <= 0x3a) return 2; // xstore
    if (op >= 0x3b && op <= 0x83) return 1; // xstore_n .. lxor
    if (op >= 0x85 && op <= 0x98) return 1; // conversions, comparisons
    if (op >= 0x99 && op <= 0xa8) return 3; // if*, goto, jsr
    if (op >= 0xac && op <= 0xb1) return 1; // returns
    if (op >= 0xb2 && op <= 0xb8) return 3; // field access, invokes
    if (op >= 0xbe && op <= 0xbf) return 1; // arraylength, athrow
    if (op == 0xc2 || op == 0xc3) return 1; // monitors
    return -1;
  }
}
