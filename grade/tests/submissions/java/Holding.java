// Stage 1 of the Tic-Tac-Toe kata in Java, as a program with a pool of workers and a large
// table in memory would do it: 60 threads of its own, and the megabytes asked for held in
// arrays, each page of them written, before the grid is printed.

import java.util.ArrayList;
import java.util.List;

public class Holding {
    /** Starts `count` threads that wait until the program ends, as a pool's idle workers do. */
    static void startIdleThreads(int count) {
        for (int i = 0; i < count; i++) {
            Thread idle = new Thread(() -> {
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException ended) {
                    // The program is ending.
                }
            });
            idle.setDaemon(true);
            idle.start();
        }
    }

    static void stage1(int megabytes) {
        startIdleThreads(60);
        List<long[]> held = new ArrayList<>();
        for (int i = 0; i < megabytes; i++) {
            long[] megabyte = new long[1 << 17];
            for (int at = 0; at < megabyte.length; at += 512) {
                megabyte[at] = at;
            }
            held.add(megabyte);
        }
        System.out.println("X O X");
        System.out.println("O X O");
        System.out.println("X X O");
        System.out.flush();
        if (held.size() != megabytes) {
            System.exit(2);
        }
    }
}
