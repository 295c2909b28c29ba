package jwp.runner;

/**
 * The source of jwp.testsupport.ReflectiveState, the helper jwp testgen writes once into its output
 * directory for the tests whose state it sets behind the API (JDK only: sun.misc.Unsafe from the
 * jdk.unsupported module, as the witness runner itself uses).
 */
final class ReflectiveStateSource {
  private ReflectiveStateSource() {}

  static final String PATH = "jwp/testsupport/ReflectiveState.java";

  static final String TEXT = """
      package jwp.testsupport;

      import java.lang.reflect.Constructor;
      import java.lang.reflect.Field;
      import java.lang.reflect.InvocationTargetException;
      import java.lang.reflect.Method;
      import java.lang.reflect.Modifier;

      /**
       * Written by jwp testgen: sets up states that its tests could not build through public
       * constructors and methods. Objects are allocated without running a constructor and fields are
       * stored whatever their access or finality, so such a state may be one no caller can create;
       * every test that uses this class is tagged "state-set-reflectively". JDK only (sun.misc.Unsafe).
       */
      public final class ReflectiveState {
        private static final sun.misc.Unsafe UNSAFE = unsafe();

        private ReflectiveState() {}

        private static sun.misc.Unsafe unsafe() {
          try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
          } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("sun.misc.Unsafe is not available", e);
          }
        }

        /** The class of a binary name, for a class a test cannot name in source. */
        public static Class<?> type(String binaryName) {
          try {
            return Class.forName(binaryName, false, ReflectiveState.class.getClassLoader());
          } catch (ClassNotFoundException e) {
            throw new IllegalStateException("no class " + binaryName, e);
          }
        }

        /** An instance of c made without running any constructor: every field holds its default. */
        @SuppressWarnings("unchecked")
        public static <T> T allocate(Class<T> c) {
          try {
            return (T) UNSAFE.allocateInstance(c);
          } catch (InstantiationException e) {
            throw new IllegalStateException("cannot allocate " + c.getName(), e);
          }
        }

        /** Stores value (boxed for a primitive field) into the field `name` declared by owner. */
        public static void set(Object target, Class<?> owner, String name, Object value) {
          put(target, field(owner, name, false), value);
        }

        /** Stores value into the static field `name` of owner, initializing owner first. */
        public static void setStatic(Class<?> owner, String name, Object value) {
          put(null, field(owner, name, true), value);
        }

        /** The value of the static field `name` of owner (boxed for a primitive field). */
        @SuppressWarnings("deprecation")
        public static Object getStatic(Class<?> owner, String name) {
          Field f = field(owner, name, true);
          Object base = UNSAFE.staticFieldBase(f);
          long offset = UNSAFE.staticFieldOffset(f);
          Class<?> t = f.getType();
          if (t == int.class) return UNSAFE.getInt(base, offset);
          if (t == long.class) return UNSAFE.getLong(base, offset);
          if (t == boolean.class) return UNSAFE.getBoolean(base, offset);
          if (t == byte.class) return UNSAFE.getByte(base, offset);
          if (t == char.class) return UNSAFE.getChar(base, offset);
          if (t == short.class) return UNSAFE.getShort(base, offset);
          if (t == float.class) return UNSAFE.getFloat(base, offset);
          if (t == double.class) return UNSAFE.getDouble(base, offset);
          return UNSAFE.getObject(base, offset);
        }

        /** Calls a method the test cannot call in source (private, or of a class it cannot name). */
        public static Object call(Class<?> owner, String name, Class<?>[] parameterTypes, Object receiver,
            Object... arguments) throws Throwable {
          Method m = owner.getDeclaredMethod(name, parameterTypes);
          m.setAccessible(true);
          try {
            return m.invoke(receiver, arguments);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        }

        /** Calls a constructor the test cannot call in source. */
        public static Object construct(Class<?> owner, Class<?>[] parameterTypes, Object... arguments) throws Throwable {
          Constructor<?> k = owner.getDeclaredConstructor(parameterTypes);
          k.setAccessible(true);
          try {
            return k.newInstance(arguments);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        }

        private static Field field(Class<?> owner, String name, boolean wantStatic) {
          try {
            Field f = owner.getDeclaredField(name);
            if (Modifier.isStatic(f.getModifiers()) != wantStatic)
              throw new IllegalArgumentException(owner.getName() + "." + name + (wantStatic ? " is not static" : " is static"));
            if (wantStatic) Class.forName(owner.getName(), true, owner.getClassLoader());
            return f;
          } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no field " + owner.getName() + "." + name, e);
          }
        }

        @SuppressWarnings("deprecation")
        private static void put(Object target, Field f, Object value) {
          boolean isStatic = Modifier.isStatic(f.getModifiers());
          Object base = isStatic ? UNSAFE.staticFieldBase(f) : target;
          long offset = isStatic ? UNSAFE.staticFieldOffset(f) : UNSAFE.objectFieldOffset(f);
          Class<?> t = f.getType();
          if (t == int.class) UNSAFE.putInt(base, offset, (Integer) value);
          else if (t == long.class) UNSAFE.putLong(base, offset, (Long) value);
          else if (t == boolean.class) UNSAFE.putBoolean(base, offset, (Boolean) value);
          else if (t == byte.class) UNSAFE.putByte(base, offset, (Byte) value);
          else if (t == char.class) UNSAFE.putChar(base, offset, (Character) value);
          else if (t == short.class) UNSAFE.putShort(base, offset, (Short) value);
          else if (t == float.class) UNSAFE.putFloat(base, offset, (Float) value);
          else if (t == double.class) UNSAFE.putDouble(base, offset, (Double) value);
          else UNSAFE.putObject(base, offset, value);
        }
      }
      """;
}
