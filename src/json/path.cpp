#include "json/path.h"

namespace sr::json {

void Path::append_to(std::string& out) const {
  if (parent_ == nullptr) {
    out += name_;
    return;
  }
  parent_->append_to(out);
  if (name_.data() == nullptr) {
    out += '[';
    out += std::to_string(index_);
    out += ']';
  } else {
    if (!out.empty()) out += '.';
    out += name_;
  }
}

std::string Path::str() const {
  std::string out;
  append_to(out);
  return out;
}

std::string Path::operator+(std::string_view suffix) const {
  std::string out = str();
  out += suffix;
  return out;
}

}  // namespace sr::json
