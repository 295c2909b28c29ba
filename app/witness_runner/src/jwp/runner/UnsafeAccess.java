package jwp.runner;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * Allocation without constructors and field stores that ignore access and finality. sun.misc.Unsafe
 * (jdk.unsupported) serves ordinary classes; it refuses field offsets in records and hidden classes, for
 * which jdk.internal.misc.Unsafe is used when java.base exports jdk.internal.misc to us (the debuggee
 * and the re-launched in-process runner get --add-exports java.base/jdk.internal.misc=ALL-UNNAMED).
 */
final class UnsafeAccess {
  /** Thrown when only jdk.internal.misc.Unsafe could do the store and it is not exported to us. */
  static final class NeedsInternalUnsafe extends RuntimeException {
    NeedsInternalUnsafe(String message) {
      super(message);
    }
  }

  static final String ADD_EXPORTS = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";

  private static final sun.misc.Unsafe U;
  private static final Object INTERNAL; // jdk.internal.misc.Unsafe or null
  private static Method iObjectFieldOffset, iStaticFieldBase, iStaticFieldOffset;

  static {
    try {
      Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      U = (sun.misc.Unsafe) f.get(null);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
    Object internal = null;
    try {
      if (Object.class.getModule().isExported("jdk.internal.misc", UnsafeAccess.class.getModule())) {
        Class<?> c = Class.forName("jdk.internal.misc.Unsafe");
        internal = c.getMethod("getUnsafe").invoke(null);
        iObjectFieldOffset = c.getMethod("objectFieldOffset", Field.class);
        iStaticFieldBase = c.getMethod("staticFieldBase", Field.class);
        iStaticFieldOffset = c.getMethod("staticFieldOffset", Field.class);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      internal = null;
    }
    INTERNAL = internal;
  }

  private UnsafeAccess() {}

  static Object allocate(Class<?> c) throws InstantiationException {
    return U.allocateInstance(c);
  }

  /** Stores value (boxed for primitives) into field f of base (ignored for static fields). */
  @SuppressWarnings("deprecation")
  static void put(Object base, Field f, Object value) {
    boolean isStatic = Modifier.isStatic(f.getModifiers());
    Object target;
    long offset;
    boolean viaInternal = false;
    try {
      if (isStatic) {
        target = U.staticFieldBase(f);
        offset = U.staticFieldOffset(f);
      } else {
        target = base;
        offset = U.objectFieldOffset(f);
      }
    } catch (UnsupportedOperationException e) { // records and hidden classes
      if (INTERNAL == null)
        throw new NeedsInternalUnsafe("field " + f + " can only be set with jdk.internal.misc.Unsafe (" + ADD_EXPORTS + ")");
      try {
        target = isStatic ? iStaticFieldBase.invoke(INTERNAL, f) : base;
        offset = (Long) (isStatic ? iStaticFieldOffset.invoke(INTERNAL, f) : iObjectFieldOffset.invoke(INTERNAL, f));
      } catch (ReflectiveOperationException ex) {
        throw new IllegalStateException("jdk.internal.misc.Unsafe failed on " + f, ex);
      }
      viaInternal = true;
    }
    if (viaInternal) {
      putInternal(target, offset, f.getType(), value);
      return;
    }
    Class<?> t = f.getType();
    if (t == int.class) U.putInt(target, offset, (Integer) value);
    else if (t == long.class) U.putLong(target, offset, (Long) value);
    else if (t == boolean.class) U.putBoolean(target, offset, (Boolean) value);
    else if (t == byte.class) U.putByte(target, offset, (Byte) value);
    else if (t == char.class) U.putChar(target, offset, (Character) value);
    else if (t == short.class) U.putShort(target, offset, (Short) value);
    else if (t == float.class) U.putFloat(target, offset, (Float) value);
    else if (t == double.class) U.putDouble(target, offset, (Double) value);
    else U.putObject(target, offset, value);
  }

  /** The value (boxed for primitives) of field f of base (ignored for static fields), read as put stores it. */
  @SuppressWarnings("deprecation")
  static Object get(Object base, Field f) {
    boolean isStatic = Modifier.isStatic(f.getModifiers());
    Object target = isStatic ? U.staticFieldBase(f) : base;
    long offset = isStatic ? U.staticFieldOffset(f) : U.objectFieldOffset(f);
    Class<?> t = f.getType();
    if (t == int.class) return U.getInt(target, offset);
    if (t == long.class) return U.getLong(target, offset);
    if (t == boolean.class) return U.getBoolean(target, offset);
    if (t == byte.class) return U.getByte(target, offset);
    if (t == char.class) return U.getChar(target, offset);
    if (t == short.class) return U.getShort(target, offset);
    if (t == float.class) return U.getFloat(target, offset);
    if (t == double.class) return U.getDouble(target, offset);
    return U.getObject(target, offset);
  }

  private static void putInternal(Object target, long offset, Class<?> t, Object value) {
    String name;
    Class<?> pt = t;
    if (t == int.class) name = "putInt";
    else if (t == long.class) name = "putLong";
    else if (t == boolean.class) name = "putBoolean";
    else if (t == byte.class) name = "putByte";
    else if (t == char.class) name = "putChar";
    else if (t == short.class) name = "putShort";
    else if (t == float.class) name = "putFloat";
    else if (t == double.class) name = "putDouble";
    else {
      name = "putReference";
      pt = Object.class;
    }
    try {
      INTERNAL.getClass().getMethod(name, Object.class, long.class, pt).invoke(INTERNAL, target, offset, value);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("jdk.internal.misc.Unsafe." + name + " failed", e);
    }
  }
}
