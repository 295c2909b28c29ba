package jwp.runner;

/** A witness that cannot be replayed (malformed, or naming things that do not exist): exit status 2. */
final class BadWitness extends Exception {
  BadWitness(String message) {
    super(message);
  }

  BadWitness(String message, Throwable cause) {
    super(message, cause);
  }
}
