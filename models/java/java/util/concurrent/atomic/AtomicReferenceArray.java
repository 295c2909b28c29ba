package java.util.concurrent.atomic;

import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

/**
 * jwp's model of java.util.concurrent.atomic.AtomicReferenceArray, for the
 * analysis only (it is never run). JDK 17's class reaches its elements through
 * a VarHandle, whose signature-polymorphic calls jwp cannot follow; here they
 * are plain accesses to the same field, `array`, so that a witness's object
 * is a real AtomicReferenceArray. Single-threaded semantics: every memory
 * order is the plain one, and a compare-and-set fails only when the element
 * differs (never spuriously). Index and null errors are those of the JDK's
 * (ArrayIndexOutOfBoundsException, NullPointerException).
 */
public class AtomicReferenceArray<E> implements java.io.Serializable {
  private static final long serialVersionUID = -6209656149925076980L;
  private final Object[] array;

  public AtomicReferenceArray(int length) {
    array = new Object[length];
  }

  public AtomicReferenceArray(E[] array) {
    this.array = java.util.Arrays.copyOf(array, array.length, Object[].class);
  }

  public final int length() {
    return array.length;
  }

  @SuppressWarnings("unchecked")
  public final E get(int i) {
    return (E) array[i];
  }

  public final void set(int i, E newValue) {
    array[i] = newValue;
  }

  public final void lazySet(int i, E newValue) {
    array[i] = newValue;
  }

  public final E getAndSet(int i, E newValue) {
    E old = get(i);
    array[i] = newValue;
    return old;
  }

  public final boolean compareAndSet(int i, E expectedValue, E newValue) {
    if (array[i] != expectedValue) {
      return false;
    }
    array[i] = newValue;
    return true;
  }

  public final boolean weakCompareAndSet(int i, E expectedValue, E newValue) {
    return compareAndSet(i, expectedValue, newValue);
  }

  public final boolean weakCompareAndSetPlain(int i, E expectedValue, E newValue) {
    return compareAndSet(i, expectedValue, newValue);
  }

  public final boolean weakCompareAndSetVolatile(int i, E expectedValue, E newValue) {
    return compareAndSet(i, expectedValue, newValue);
  }

  public final boolean weakCompareAndSetAcquire(int i, E expectedValue, E newValue) {
    return compareAndSet(i, expectedValue, newValue);
  }

  public final boolean weakCompareAndSetRelease(int i, E expectedValue, E newValue) {
    return compareAndSet(i, expectedValue, newValue);
  }

  public final E compareAndExchange(int i, E expectedValue, E newValue) {
    E witness = get(i);
    if (witness == expectedValue) {
      array[i] = newValue;
    }
    return witness;
  }

  public final E compareAndExchangeAcquire(int i, E expectedValue, E newValue) {
    return compareAndExchange(i, expectedValue, newValue);
  }

  public final E compareAndExchangeRelease(int i, E expectedValue, E newValue) {
    return compareAndExchange(i, expectedValue, newValue);
  }

  public final E getPlain(int i) {
    return get(i);
  }

  public final void setPlain(int i, E newValue) {
    array[i] = newValue;
  }

  public final E getOpaque(int i) {
    return get(i);
  }

  public final void setOpaque(int i, E newValue) {
    array[i] = newValue;
  }

  public final E getAcquire(int i) {
    return get(i);
  }

  public final void setRelease(int i, E newValue) {
    array[i] = newValue;
  }

  public final E getAndUpdate(int i, UnaryOperator<E> updateFunction) {
    E prev = get(i);
    array[i] = updateFunction.apply(prev);
    return prev;
  }

  public final E updateAndGet(int i, UnaryOperator<E> updateFunction) {
    E next = updateFunction.apply(get(i));
    array[i] = next;
    return next;
  }

  public final E getAndAccumulate(int i, E x, BinaryOperator<E> accumulatorFunction) {
    E prev = get(i);
    array[i] = accumulatorFunction.apply(prev, x);
    return prev;
  }

  public final E accumulateAndGet(int i, E x, BinaryOperator<E> accumulatorFunction) {
    E next = accumulatorFunction.apply(get(i), x);
    array[i] = next;
    return next;
  }

  // Not modelled (declared so that calls do not resolve to Object's): skipped.
  public native String toString();
}
