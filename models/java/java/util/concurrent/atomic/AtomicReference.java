package java.util.concurrent.atomic;

import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

/**
 * jwp's model of java.util.concurrent.atomic.AtomicReference, for the
 * analysis only (it is never run): JDK 17's class goes through a VarHandle,
 * whose signature-polymorphic calls jwp cannot follow; here every access is a
 * plain one of the same field, `value`, so that a witness's object is a real
 * AtomicReference. Single-threaded semantics: a compare-and-set fails only
 * when the value differs (never spuriously).
 */
public class AtomicReference<V> implements java.io.Serializable {
  private static final long serialVersionUID = -1848883965231344442L;
  private volatile V value;

  public AtomicReference(V initialValue) {
    value = initialValue;
  }

  public AtomicReference() {
  }

  public final V get() {
    return value;
  }

  public final void set(V newValue) {
    value = newValue;
  }

  public final void lazySet(V newValue) {
    value = newValue;
  }

  public final boolean compareAndSet(V expectedValue, V newValue) {
    if (value != expectedValue) {
      return false;
    }
    value = newValue;
    return true;
  }

  public final boolean weakCompareAndSet(V expectedValue, V newValue) {
    return compareAndSet(expectedValue, newValue);
  }

  public final boolean weakCompareAndSetPlain(V expectedValue, V newValue) {
    return compareAndSet(expectedValue, newValue);
  }

  public final boolean weakCompareAndSetVolatile(V expectedValue, V newValue) {
    return compareAndSet(expectedValue, newValue);
  }

  public final boolean weakCompareAndSetAcquire(V expectedValue, V newValue) {
    return compareAndSet(expectedValue, newValue);
  }

  public final boolean weakCompareAndSetRelease(V expectedValue, V newValue) {
    return compareAndSet(expectedValue, newValue);
  }

  public final V getAndSet(V newValue) {
    V old = value;
    value = newValue;
    return old;
  }

  public final V getAndUpdate(UnaryOperator<V> updateFunction) {
    V prev = value;
    value = updateFunction.apply(prev);
    return prev;
  }

  public final V updateAndGet(UnaryOperator<V> updateFunction) {
    V next = updateFunction.apply(value);
    value = next;
    return next;
  }

  public final V getAndAccumulate(V x, BinaryOperator<V> accumulatorFunction) {
    V prev = value;
    value = accumulatorFunction.apply(prev, x);
    return prev;
  }

  public final V accumulateAndGet(V x, BinaryOperator<V> accumulatorFunction) {
    V next = accumulatorFunction.apply(value, x);
    value = next;
    return next;
  }

  public final V getPlain() {
    return value;
  }

  public final void setPlain(V newValue) {
    value = newValue;
  }

  public final V getOpaque() {
    return value;
  }

  public final void setOpaque(V newValue) {
    value = newValue;
  }

  public final V getAcquire() {
    return value;
  }

  public final void setRelease(V newValue) {
    value = newValue;
  }

  public final V compareAndExchange(V expectedValue, V newValue) {
    V witness = value;
    if (witness == expectedValue) {
      value = newValue;
    }
    return witness;
  }

  public final V compareAndExchangeAcquire(V expectedValue, V newValue) {
    return compareAndExchange(expectedValue, newValue);
  }

  public final V compareAndExchangeRelease(V expectedValue, V newValue) {
    return compareAndExchange(expectedValue, newValue);
  }

  // Not modelled (declared so that calls do not resolve to Object's): skipped.
  public native String toString();
}
