// A small library for output validators of the problem package format: the judge's input and
// answer files, the feedback folder, and the exit codes that give the judgement.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

const int EXIT_AC = 42;
const int EXIT_WA = 43;

std::ifstream judge_in, judge_ans;
static std::string feedback_dir;

// Appends a formatted line to a file of the feedback folder.
static void feedback(const char *file, const char *format, va_list args) {
    std::string path = feedback_dir + file;
    if (FILE *out = std::fopen(path.c_str(), "a")) {
        std::vfprintf(out, format, args);
        std::fputc('\n', out);
        std::fclose(out);
    }
}

// Reads the arguments: input file, answer file, feedback folder.
void init_io(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s input answer feedback_dir < output\n", argv[0]);
        std::exit(1);
    }
    judge_in.open(argv[1]);
    judge_ans.open(argv[2]);
    feedback_dir = argv[3];
    if (!feedback_dir.empty() && feedback_dir.back() != '/') feedback_dir += '/';
    if (!judge_in || !judge_ans) {
        std::fprintf(stderr, "cannot open the input or the answer file\n");
        std::exit(1);
    }
}

// A message for the judges only.
void judge_message(const char *format, ...) {
    va_list args;
    va_start(args, format);
    feedback("judgemessage.txt", format, args);
    va_end(args);
}

// A message for the team.
void team_message(const char *format, ...) {
    va_list args;
    va_start(args, format);
    feedback("teammessage.txt", format, args);
    va_end(args);
}

[[noreturn]] void accept() { std::exit(EXIT_AC); }

// Rejects the output, saying why to the judges and to the team.
[[noreturn]] void wrong_answer(const char *format, ...) {
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    feedback("judgemessage.txt", format, args);
    feedback("teammessage.txt", format, again);
    va_end(again);
    va_end(args);
    std::exit(EXIT_WA);
}

// The validator cannot judge: neither accepted nor rejected.
[[noreturn]] void judge_error(const char *format, ...) {
    va_list args;
    va_start(args, format);
    feedback("judgemessage.txt", format, args);
    va_end(args);
    std::exit(1);
}
