#include "sum.h"

long long total(const std::vector<long long>& values) {
  long long sum = 0;
  for (long long value : values) sum += value;
  return sum;
}
