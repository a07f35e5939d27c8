"""The README's commands and Python lines for TensorFlow print and return what it shows.

The other half of test_readme.py (whose docstring says how each kind of block is
checked), in a file of its own so that two workers share the README's seconds.
"""

from test_readme import ELSEWHERE, readme_tests

(test_readme_command_prints_what_the_readme_shows, test_a_forked_command_prints_the_bytes_a_fresh_interpreter_prints,
 test_readme_python_lines_return_what_the_readme_says) = readme_tests(ELSEWHERE)
