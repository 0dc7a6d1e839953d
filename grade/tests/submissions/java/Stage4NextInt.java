// Stage 4 of the Tic-Tac-Toe kata in Java, as learners often write it: the coordinates read
// with Scanner.nextInt(), two numbers wherever they are. Given one number alone, it takes the
// answer and waits for a second number on the next line, where the specification says
// "You should enter numbers!" and asks again.

import java.util.Scanner;

public class Stage4NextInt {
    public static void main(String[] args) {
        Scanner scanner = new Scanner(System.in);
        System.out.print("Enter cells: ");
        char[] cells = scanner.nextLine().strip().toCharArray();
        printGrid(cells);
        while (true) {
            System.out.print("Enter the coordinates: ");
            if (!scanner.hasNextInt()) {
                scanner.nextLine();
                System.out.println("You should enter numbers!");
                continue;
            }
            int row = scanner.nextInt();
            if (!scanner.hasNextInt()) {
                scanner.nextLine();
                System.out.println("You should enter numbers!");
                continue;
            }
            int column = scanner.nextInt();
            scanner.nextLine();
            if (row < 1 || row > 3 || column < 1 || column > 3) {
                System.out.println("Coordinates should be from 1 to 3!");
                continue;
            }
            int cell = (row - 1) * 3 + column - 1;
            if (cells[cell] != '_') {
                System.out.println("This cell is occupied! Choose another one!");
                continue;
            }
            cells[cell] = 'X';
            printGrid(cells);
            return;
        }
    }

    static void printGrid(char[] cells) {
        System.out.println("---------");
        for (int row = 0; row < 3; row++) {
            System.out.printf("| %c %c %c |%n", cells[row * 3], cells[row * 3 + 1], cells[row * 3 + 2]);
        }
        System.out.println("---------");
    }
}
