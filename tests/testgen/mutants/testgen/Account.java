package testgen;

/**
 * tests/fixtures/java8/testgen/Account.java with its guards changed (tests/app/testgen_test.py): the
 * tests jwp testgen writes for the original must fail here, except the insufficient-funds one (its
 * guard is the original's).
 */
public class Account {
  public interface Rate {
    int percent(int amount);
  }

  private final String owner;
  private int balance;

  public Account(String owner, int balance) {
    this.owner = owner == null ? "" : owner; // mutant: no check
    this.balance = balance;
  }

  public String owner() {
    return owner;
  }

  public int withdraw(int amount) {
    if (amount < 0 && amount > 0) { // mutant: never true
      throw new IllegalArgumentException("negative amount: " + amount);
    }
    if (amount > balance) {
      throw new IllegalStateException("insufficient funds");
    }
    balance -= amount;
    return balance;
  }

  public static int fee(int amount) {
    if (amount > 1000) {
      return amount / 10; // mutant: another value
    }
    return 5;
  }

  public static int interest(Rate rate, int amount) {
    int p = rate.percent(amount);
    return p == 0 ? 0 : amount / p; // mutant: guarded
  }

  public static Account open(String owner) {
    return new Account(owner, 0);
  }
}
