// Stage 5 of the Tic-Tac-Toe kata in C++, reading each answer with std::getline.
#include <array>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {
const int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                         {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

void show(const std::array<char, 9>& cells) {
    std::cout << "---------\n";
    for (int row = 0; row < 3; row++) {
        std::cout << "| " << cells[row * 3] << ' ' << cells[row * 3 + 1] << ' '
                  << cells[row * 3 + 2] << " |\n";
    }
    std::cout << "---------\n";
}
}  // namespace

int main() {
    const std::regex number("[+-]?[0-9]+");
    const std::regex one_to_three("\\+?0*([1-3])");
    std::array<char, 9> cells;
    cells.fill('_');
    char mark = 'X';
    show(cells);
    std::string line;
    while (true) {
        std::cout << "Enter the coordinates: " << std::flush;
        if (!std::getline(std::cin, line)) {
            std::cerr << "stage5: input ended before the game was over\n";
            return 1;
        }
        std::istringstream split(line);
        std::vector<std::string> words;
        for (std::string word; split >> word;) {
            words.push_back(word);
        }
        if (words.size() != 2 || !std::regex_match(words[0], number) ||
            !std::regex_match(words[1], number)) {
            std::cout << "You should enter numbers!\n";
            continue;
        }
        std::smatch row, column;
        if (!std::regex_match(words[0], row, one_to_three) ||
            !std::regex_match(words[1], column, one_to_three)) {
            std::cout << "Coordinates should be from 1 to 3!\n";
            continue;
        }
        int index = (std::stoi(row[1]) - 1) * 3 + std::stoi(column[1]) - 1;
        if (cells[index] != '_') {
            std::cout << "This cell is occupied! Choose another one!\n";
            continue;
        }
        cells[index] = mark;
        show(cells);
        for (const auto& three : LINES) {
            if (cells[three[0]] == mark && cells[three[1]] == mark && cells[three[2]] == mark) {
                std::cout << mark << " wins\n";
                return 0;
            }
        }
        if (std::string(cells.begin(), cells.end()).find('_') == std::string::npos) {
            std::cout << "Draw\n";
            return 0;
        }
        mark = mark == 'X' ? 'O' : 'X';
    }
}
