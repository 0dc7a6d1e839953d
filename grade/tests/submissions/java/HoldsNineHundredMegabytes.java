// Holds 900 MB with 60 threads, and prints stage 1's grid: past the grader's default memory
// limit of 512 MiB, its JVM runs out of its heap, and the case breaks the memory limit.

public class HoldsNineHundredMegabytes {
    public static void main(String[] args) {
        Holding.stage1(900);
    }
}
