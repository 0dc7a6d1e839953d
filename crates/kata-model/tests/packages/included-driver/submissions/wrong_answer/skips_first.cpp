#include "sum.h"

long long total(const std::vector<long long>& values) {
  long long sum = 0;
  for (std::size_t i = 1; i < values.size(); ++i) sum += values[i];
  return sum;
}
