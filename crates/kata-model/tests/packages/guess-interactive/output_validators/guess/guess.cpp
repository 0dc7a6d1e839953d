// Interactive validator: answers the guesses of the submission (its standard output, this
// program's standard input) with lower, higher or correct, on this program's standard output.
#include <iostream>
#include <stdexcept>
#include <string>

#include "validate.h"

const int MAX_GUESSES = 10;

int main(int argc, char **argv) {
    init_io(argc, argv);
    int secret;
    if (!(judge_in >> secret)) judge_error("the input holds no number");
    for (int guesses = 1; guesses <= MAX_GUESSES; guesses++) {
        std::string line;
        if (!std::getline(std::cin, line)) {
            wrong_answer("the program stopped after %d guesses without finding the number",
                         guesses - 1);
        }
        int guess;
        try {
            size_t used;
            guess = std::stoi(line, &used);
            if (used != line.size()) throw std::invalid_argument(line);
        } catch (const std::exception &) {
            wrong_answer("guess %d is `%s`, not a number", guesses, line.c_str());
        }
        judge_message("guess %d: %d", guesses, guess);
        if (guess == secret) {
            std::cout << "correct" << std::endl;
            accept();
        }
        std::cout << (secret < guess ? "lower" : "higher") << std::endl;
    }
    wrong_answer("%d guesses did not find the number %d", MAX_GUESSES, secret);
}
