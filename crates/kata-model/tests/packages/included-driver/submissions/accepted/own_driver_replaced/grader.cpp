// A driver of the submission's own, which the package's grader.cpp of the same name replaces:
// were it built, every answer would be 0.
#include <cstdio>

int main() {
  std::puts("0");
  return 0;
}
