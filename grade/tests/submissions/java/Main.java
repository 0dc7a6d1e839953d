// Stage 2 of the Tic-Tac-Toe kata in Java, as a learner writes it: a Scanner on System.in, a
// prompt printed with System.out.print (which flushes it), and the grid.

import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner scanner = new Scanner(System.in);
        String cells;
        while (true) {
            System.out.print("Enter cells: ");
            if (!scanner.hasNextLine()) {
                System.err.println("stage2: input ended before the cells were entered");
                System.exit(1);
            }
            cells = scanner.nextLine().strip();
            if (cells.matches("[XO_]{9}")) {
                break;
            }
            System.out.println("You should enter 9 symbols: X, O or _!");
        }
        System.out.println("---------");
        for (int row = 0; row < 3; row++) {
            System.out.printf("| %c %c %c |%n", cells.charAt(row * 3), cells.charAt(row * 3 + 1),
                    cells.charAt(row * 3 + 2));
        }
        System.out.println("---------");
    }
}
