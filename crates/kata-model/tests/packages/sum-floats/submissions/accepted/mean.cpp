// The mean of the numbers, printed with 9 significant digits: within the tolerance.
#include <iomanip>
#include <iostream>

int main() {
    int n;
    std::cin >> n;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        double x;
        std::cin >> x;
        sum += x;
    }
    std::cout << std::setprecision(9) << sum / n << "\n";
}
