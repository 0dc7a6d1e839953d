import java.util.Scanner;

/** The mean of the numbers, printed with Java's shortest exact representation. */
public class Mean {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += Double.parseDouble(in.next());
        }
        System.out.println(sum / n);
    }
}
