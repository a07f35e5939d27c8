"""Run the trial set through the CLI, a few at a time, and print each case's problems."""

import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from cases import ALL as FIRST
from cases2 import ALL as SECOND
from cases3 import ALL as THIRD
from cases4 import ALL as FOURTH
from cases5 import ALL as FIFTH
from cases6 import ALL as SIXTH
from cases7 import ALL as SEVENTH
from cases8 import ALL as EIGHTH
from cases9a import ALL as NINTH_A
from cases9b import ALL as NINTH_B
from cases10a import ALL as TENTH_A
from cases10b import ALL as TENTH_B
from cases11a import ALL as ELEVENTH_A
from cases11b import ALL as ELEVENTH_B
from cases12a import ALL as TWELFTH_A
from cases12b import ALL as TWELFTH_B
from cases13a import ALL as THIRTEENTH_A
from cases13b import ALL as THIRTEENTH_B
from cases14a import ALL as FOURTEENTH_A
from cases14b import ALL as FOURTEENTH_B
from cases15a import ALL as FIFTEENTH_A
from cases15b import ALL as FIFTEENTH_B
from cases16a import ALL as SIXTEENTH_A
from cases16b import ALL as SIXTEENTH_B
from cases17a import ALL as SEVENTEENTH_A
from cases18 import ALL as EIGHTEENTH
from cases19a import ALL as NINETEENTH_A
from cases19b import ALL as NINETEENTH_B
from cases20a import ALL as TWENTIETH_A
from cases20b import ALL as TWENTIETH_B
from cases21a import ALL as TWENTY_FIRST_A
from cases21b import ALL as TWENTY_FIRST_B
from cases21c import ALL as TWENTY_FIRST_C
from cases22a import ALL as TWENTY_SECOND_A
from cases22b import ALL as TWENTY_SECOND_B
from cases23a import ALL as TWENTY_THIRD_A
from cases23b import ALL as TWENTY_THIRD_B
from cases23c import ALL as TWENTY_THIRD_C
from cases24a import ALL as TWENTY_FOURTH_A
from cases24b import ALL as TWENTY_FOURTH_B
from cases24c import ALL as TWENTY_FOURTH_C
from cases25a import ALL as TWENTY_FIFTH_A
from cases25b import ALL as TWENTY_FIFTH_B
from cases25c import ALL as TWENTY_FIFTH_C
from cases26a import ALL as TWENTY_SIXTH_A
from cases26b import ALL as TWENTY_SIXTH_B
from cases26c import ALL as TWENTY_SIXTH_C
from cases27a import ALL as TWENTY_SEVENTH_A
from cases27b import ALL as TWENTY_SEVENTH_B
from cases27c import ALL as TWENTY_SEVENTH_C
from cases28a import ALL as TWENTY_EIGHTH_A
from cases28b import ALL as TWENTY_EIGHTH_B
from cases28c import ALL as TWENTY_EIGHTH_C
from cases29a import ALL as TWENTY_NINTH_A
from cases29b import ALL as TWENTY_NINTH_B
from cases29c import ALL as TWENTY_NINTH_C
from cases30a import ALL as THIRTIETH_A
from cases30b import ALL as THIRTIETH_B
from cases30c import ALL as THIRTIETH_C
from cases31a import ALL as THIRTY_FIRST_A
from cases31b import ALL as THIRTY_FIRST_B
from cases31c import ALL as THIRTY_FIRST_C
from cases32a import ALL as THIRTY_SECOND_A
from cases32b import ALL as THIRTY_SECOND_B
from cases32c import ALL as THIRTY_SECOND_C
from cases33a import ALL as THIRTY_THIRD_A
from cases33b import ALL as THIRTY_THIRD_B
from cases33c import ALL as THIRTY_THIRD_C
from cases34a import ALL as THIRTY_FOURTH_A
from cases34b import ALL as THIRTY_FOURTH_B
from cases34c import ALL as THIRTY_FOURTH_C
from cases35a import ALL as THIRTY_FIFTH_A
from cases35b import ALL as THIRTY_FIFTH_B
from cases35c import ALL as THIRTY_FIFTH_C
from cases36a import ALL as THIRTY_SIXTH_A
from cases36b import ALL as THIRTY_SIXTH_B
from cases36c import ALL as THIRTY_SIXTH_C
from cases37a import ALL as THIRTY_SEVENTH_A
from cases37b import ALL as THIRTY_SEVENTH_B
from cases37c import ALL as THIRTY_SEVENTH_C
from cases38a import ALL as THIRTY_EIGHTH_A
from cases38b import ALL as THIRTY_EIGHTH_B
from cases38c import ALL as THIRTY_EIGHTH_C
from cases39b import ALL as THIRTY_NINTH_B
from cases39c import ALL as THIRTY_NINTH_C
from cases40a import ALL as FORTIETH_A
from cases40b import ALL as FORTIETH_B
from cases40c import ALL as FORTIETH_C
from cases41a import ALL as FORTY_FIRST_A
from cases41b import ALL as FORTY_FIRST_B
from cases41c import ALL as FORTY_FIRST_C
from cases42a import ALL as FORTY_SECOND_A
from cases42b import ALL as FORTY_SECOND_B
from cases42c import ALL as FORTY_SECOND_C
from cases43a import ALL as FORTY_THIRD_A
from cases43b import ALL as FORTY_THIRD_B
from cases43c import ALL as FORTY_THIRD_C
from cases44a import ALL as FORTY_FOURTH_A
from cases44b import ALL as FORTY_FOURTH_B
from cases44c import ALL as FORTY_FOURTH_C
from cases45a import ALL as FORTY_FIFTH_A
from cases45b import ALL as FORTY_FIFTH_B
from cases45c import ALL as FORTY_FIFTH_C
from cases46a import ALL as FORTY_SIXTH_A
from cases46b import ALL as FORTY_SIXTH_B
from cases46c import ALL as FORTY_SIXTH_C
from cases47b import ALL as FORTY_SEVENTH_B
from cases48a import ALL as FORTY_EIGHTH_A
from cases48c import ALL as FORTY_EIGHTH_C
from cases49a import ALL as FORTY_NINTH_A
from cases49b import ALL as FORTY_NINTH_B
from cases50a import ALL as FIFTIETH_A
from cases50b import ALL as FIFTIETH_B
from cases51c import ALL as FIFTY_FIRST_C
from cases51d import ALL as FIFTY_FIRST_D
from cases52c import ALL as FIFTY_SECOND_C
from cases52d import ALL as FIFTY_SECOND_D
from cases53c import ALL as FIFTY_THIRD_C
from cases53d import ALL as FIFTY_THIRD_D
from cases54c import ALL as FIFTY_FOURTH_C
from cases54d import ALL as FIFTY_FOURTH_D
from cases55c import ALL as FIFTY_FIFTH_C
from cases55d import ALL as FIFTY_FIFTH_D
from cases56c import ALL as FIFTY_SIXTH_C
from cases56d import ALL as FIFTY_SIXTH_D
from cases57c import ALL as FIFTY_SEVENTH_C
from cases57d import ALL as FIFTY_SEVENTH_D
from cases58c import ALL as FIFTY_EIGHTH_C
from cases58d import ALL as FIFTY_EIGHTH_D
from cases59c import ALL as FIFTY_NINTH_C
from cases59d import ALL as FIFTY_NINTH_D
from cases60c import ALL as SIXTIETH_C
from cases60d import ALL as SIXTIETH_D
from cases61c import ALL as SIXTY_FIRST_C
from cases61d import ALL as SIXTY_FIRST_D
from cases62c import ALL as SIXTY_SECOND_C
from cases62d import ALL as SIXTY_SECOND_D
from cases63c import ALL as SIXTY_THIRD_C
from cases63d import ALL as SIXTY_THIRD_D
from cases64c import ALL as SIXTY_FOURTH_C
from cases64d import ALL as SIXTY_FOURTH_D
from cases65c import ALL as SIXTY_FIFTH_C
from cases65d import ALL as SIXTY_FIFTH_D
from cases66c import ALL as SIXTY_SIXTH_C
from cases66d import ALL as SIXTY_SIXTH_D
from cases67c import ALL as SIXTY_SEVENTH_C
from cases67d import ALL as SIXTY_SEVENTH_D
from cases68c import ALL as SIXTY_EIGHTH_C
from cases69c import ALL as SIXTY_NINTH_C
from cases68d import ALL as SIXTY_EIGHTH_D
from cases70c import ALL as SEVENTIETH_C
from cases69d import ALL as SIXTY_NINTH_D
from cases71c import ALL as SEVENTY_FIRST_C
from cases72c import ALL as SEVENTY_SECOND_C
from cases70d import ALL as SEVENTIETH_D
from cases73c import ALL as SEVENTY_THIRD_C
from cases74c import ALL as SEVENTY_FOURTH_C
from cases71d import ALL as SEVENTY_FIRST_D
from cases75c import ALL as SEVENTY_FIFTH_C
from cases76c import ALL as SEVENTY_SIXTH_C
from cases73d import ALL as SEVENTY_THIRD_D
from cases77c import ALL as SEVENTY_SEVENTH_C
from cases74d import ALL as SEVENTY_FOURTH_D
from cases78c import ALL as SEVENTY_EIGHTH_C
from cases75d import ALL as SEVENTY_FIFTH_D
from cases79c import ALL as SEVENTY_NINTH_C
from cases76d import ALL as SEVENTY_SIXTH_D
from cases80c import ALL as EIGHTIETH_C
from cases77d import ALL as SEVENTY_SEVENTH_D
from cases81c import ALL as EIGHTY_FIRST_C
from cases78d import ALL as SEVENTY_EIGHTH_D
from cases82c import ALL as EIGHTY_SECOND_C
from cases79d import ALL as SEVENTY_NINTH_D
from cases83c import ALL as EIGHTY_THIRD_C
from cases80d import ALL as EIGHTIETH_D
from cases84c import ALL as EIGHTY_FOURTH_C
from cases81d import ALL as EIGHTY_FIRST_D
from cases85c import ALL as EIGHTY_FIFTH_C
from cases82d import ALL as EIGHTY_SECOND_D
from cases83d import ALL as EIGHTY_THIRD_D
from cases84d import ALL as EIGHTY_FOURTH_D
from cases85d import ALL as EIGHTY_FIFTH_D
from cases86d import ALL as EIGHTY_SIXTH_D
from cases87d import ALL as EIGHTY_SEVENTH_D
from cases88d import ALL as EIGHTY_EIGHTH_D
from cases89d import ALL as EIGHTY_NINTH_D
from cases90d import ALL as NINETIETH_D
from cases91d import ALL as NINETY_FIRST_D
from cases92d import ALL as NINETY_SECOND_D
from cases93d import ALL as NINETY_THIRD_D
from cases94d import ALL as NINETY_FOURTH_D
from cases95d import ALL as NINETY_FIFTH_D
from cases96d import ALL as NINETY_SIXTH_D
from cases97d import ALL as NINETY_SEVENTH_D
from cases98d import ALL as NINETY_EIGHTH_D
from cases99d import ALL as NINETY_NINTH_D
from cases100d import ALL as HUNDREDTH_D
from cases101d import ALL as HUNDRED_FIRST_D
from cases86c import ALL as EIGHTY_SIXTH_C
from cases87c import ALL as EIGHTY_SEVENTH_C
from cases88c import ALL as EIGHTY_EIGHTH_C
from cases89c import ALL as EIGHTY_NINTH_C
from cases90c import ALL as NINETIETH_C
from cases91c import ALL as NINETY_FIRST_C
from cases92c import ALL as NINETY_SECOND_C
from cases93c import ALL as NINETY_THIRD_C
from cases94c import ALL as NINETY_FOURTH_C
from cases95c import ALL as NINETY_FIFTH_C
from cases96c import ALL as NINETY_SIXTH_C
from cases97c import ALL as NINETY_SEVENTH_C
from cases98c import ALL as NINETY_EIGHTH_C
from cases99c import ALL as NINETY_NINTH_C
from cases100c import ALL as HUNDREDTH_C
from cases101c import ALL as HUNDRED_FIRST_C
from cases102c import ALL as HUNDRED_SECOND_C
from cases103c import ALL as HUNDRED_THIRD_C
from cases104c import ALL as HUNDRED_FOURTH_C
from cases105c import ALL as HUNDRED_FIFTH_C
from cases106c import ALL as HUNDRED_SIXTH_C
from cases107c import ALL as HUNDRED_SEVENTH_C
from cases108c import ALL as HUNDRED_EIGHTH_C
from cases109c import ALL as HUNDRED_NINTH_C
from cases110c import ALL as HUNDRED_TENTH_C
from cases102d import ALL as HUNDRED_SECOND_D
from cases111c import ALL as HUNDRED_ELEVENTH_C
from cases112c import ALL as HUNDRED_TWELFTH_C
from cases113c import ALL as HUNDRED_THIRTEENTH_C
from cases104d import ALL as HUNDRED_FOURTH_D
from cases114c import ALL as HUNDRED_FOURTEENTH_C
from cases105d import ALL as HUNDRED_FIFTH_D
from cases115c import ALL as HUNDRED_FIFTEENTH_C
from cases116c import ALL as HUNDRED_SIXTEENTH_C
from cases106d import ALL as HUNDRED_SIXTH_D
from cases103d import ALL as HUNDRED_THIRD_D
from cases72d import ALL as SEVENTY_SECOND_D
from judge import judge, run_cli

# mpmath's working precision is one setting for the whole process: a truth computed at 2,000 digits in one thread
# would drop to another thread's precision the moment that thread leaves its workdps, so judging is one at a time
# (the CLI runs, the slow part, still overlap).
JUDGING = threading.Lock()

ALL = (FIRST + SECOND + THIRD + FOURTH + FIFTH + SIXTH + SEVENTH + EIGHTH + NINTH_A + NINTH_B + TENTH_A + TENTH_B
       + ELEVENTH_A + ELEVENTH_B + TWELFTH_A + TWELFTH_B + THIRTEENTH_A + THIRTEENTH_B + FOURTEENTH_A
       + FOURTEENTH_B + FIFTEENTH_A + FIFTEENTH_B + SIXTEENTH_A + SIXTEENTH_B + SEVENTEENTH_A + EIGHTEENTH
       + NINETEENTH_A + NINETEENTH_B + TWENTIETH_A + TWENTIETH_B + TWENTY_FIRST_A + TWENTY_FIRST_B
       + TWENTY_FIRST_C + TWENTY_SECOND_A + TWENTY_SECOND_B + TWENTY_THIRD_A + TWENTY_THIRD_B + TWENTY_THIRD_C
       + TWENTY_FOURTH_A + TWENTY_FOURTH_B + TWENTY_FOURTH_C + TWENTY_FIFTH_A + TWENTY_FIFTH_B
       + TWENTY_FIFTH_C + TWENTY_SIXTH_A + TWENTY_SIXTH_B + TWENTY_SIXTH_C + TWENTY_SEVENTH_A
       + TWENTY_SEVENTH_B + TWENTY_SEVENTH_C + TWENTY_EIGHTH_A + TWENTY_EIGHTH_B + TWENTY_EIGHTH_C + TWENTY_NINTH_A
       + TWENTY_NINTH_B + TWENTY_NINTH_C + THIRTIETH_A + THIRTIETH_B + THIRTIETH_C + THIRTY_FIRST_A
       + THIRTY_FIRST_B + THIRTY_FIRST_C + THIRTY_SECOND_A + THIRTY_SECOND_B + THIRTY_SECOND_C + THIRTY_THIRD_A
       + THIRTY_THIRD_B + THIRTY_THIRD_C + THIRTY_FOURTH_A + THIRTY_FOURTH_B + THIRTY_FOURTH_C
       + THIRTY_FIFTH_A + THIRTY_FIFTH_B + THIRTY_FIFTH_C
       + THIRTY_SIXTH_A + THIRTY_SIXTH_B + THIRTY_SIXTH_C
       + THIRTY_SEVENTH_A + THIRTY_SEVENTH_B + THIRTY_SEVENTH_C
       + THIRTY_EIGHTH_A + THIRTY_EIGHTH_B + THIRTY_EIGHTH_C
       + THIRTY_NINTH_B + THIRTY_NINTH_C
       + FORTIETH_A + FORTIETH_B + FORTIETH_C + FORTY_FIRST_A + FORTY_FIRST_B + FORTY_FIRST_C
       + FORTY_SECOND_A + FORTY_SECOND_B + FORTY_SECOND_C + FORTY_THIRD_A + FORTY_THIRD_B + FORTY_THIRD_C
       + FORTY_FOURTH_A + FORTY_FOURTH_B + FORTY_FOURTH_C + FORTY_FIFTH_A + FORTY_FIFTH_B + FORTY_FIFTH_C
       + FORTY_SIXTH_A + FORTY_SIXTH_B + FORTY_SIXTH_C + FORTY_SEVENTH_B + FORTY_EIGHTH_A + FORTY_EIGHTH_C
       + FORTY_NINTH_A + FORTY_NINTH_B + FIFTIETH_A + FIFTIETH_B + FIFTY_FIRST_C + FIFTY_FIRST_D
       + FIFTY_SECOND_C + FIFTY_SECOND_D + FIFTY_THIRD_C + FIFTY_THIRD_D + FIFTY_FOURTH_C + FIFTY_FOURTH_D
       + FIFTY_FIFTH_C + FIFTY_FIFTH_D + FIFTY_SIXTH_C + FIFTY_SIXTH_D + FIFTY_SEVENTH_C + FIFTY_SEVENTH_D
       + FIFTY_EIGHTH_C + FIFTY_EIGHTH_D + FIFTY_NINTH_C + FIFTY_NINTH_D
       + SIXTIETH_C + SIXTIETH_D + SIXTY_FIRST_C + SIXTY_FIRST_D + SIXTY_SECOND_C + SIXTY_SECOND_D + SIXTY_THIRD_C + SIXTY_THIRD_D
       + SIXTY_FOURTH_C + SIXTY_FOURTH_D + SIXTY_FIFTH_C
       + SIXTY_FIFTH_D + SIXTY_SIXTH_C + SIXTY_SIXTH_D + SIXTY_SEVENTH_C
       + SIXTY_SEVENTH_D + SIXTY_EIGHTH_C + SIXTY_NINTH_C + SIXTY_EIGHTH_D
       + SEVENTIETH_C + SIXTY_NINTH_D + SEVENTY_FIRST_C + SEVENTY_SECOND_C + SEVENTIETH_D + SEVENTY_THIRD_C
       + SEVENTY_FOURTH_C + SEVENTY_FIRST_D + SEVENTY_FIFTH_C + SEVENTY_SECOND_D + SEVENTY_SIXTH_C + SEVENTY_THIRD_D + SEVENTY_SEVENTH_C + SEVENTY_FOURTH_D + SEVENTY_EIGHTH_C + SEVENTY_FIFTH_D + SEVENTY_NINTH_C + SEVENTY_SIXTH_D + EIGHTIETH_C + SEVENTY_SEVENTH_D
       + EIGHTY_FIRST_C + SEVENTY_EIGHTH_D + EIGHTY_SECOND_C + SEVENTY_NINTH_D
       + EIGHTY_THIRD_C + EIGHTIETH_D + EIGHTY_FOURTH_C + EIGHTY_FIRST_D + EIGHTY_FIFTH_C
       + EIGHTY_SECOND_D + EIGHTY_SIXTH_C + EIGHTY_SEVENTH_C + EIGHTY_EIGHTH_C + EIGHTY_THIRD_D
       + EIGHTY_NINTH_C + NINETIETH_C + EIGHTY_FOURTH_D + NINETY_FIRST_C
       + EIGHTY_FIFTH_D + NINETY_SECOND_C + EIGHTY_SIXTH_D + NINETY_THIRD_C + EIGHTY_SEVENTH_D
       + NINETY_FOURTH_C + NINETY_FIFTH_C + NINETY_SIXTH_C + NINETY_SEVENTH_C + NINETY_EIGHTH_C + EIGHTY_EIGHTH_D + EIGHTY_NINTH_D + NINETIETH_D + NINETY_FIRST_D
       + NINETY_NINTH_C + NINETY_SECOND_D + HUNDREDTH_C + HUNDRED_FIRST_C + HUNDRED_SECOND_C + HUNDRED_THIRD_C + HUNDRED_FOURTH_C + HUNDRED_FIFTH_C + HUNDRED_SIXTH_C + HUNDRED_SEVENTH_C + HUNDRED_EIGHTH_C + HUNDRED_NINTH_C + NINETY_THIRD_D + NINETY_FOURTH_D + NINETY_FIFTH_D + NINETY_SIXTH_D + NINETY_SEVENTH_D + NINETY_EIGHTH_D + NINETY_NINTH_D + HUNDREDTH_D + HUNDRED_FIRST_D
       + HUNDRED_TENTH_C + HUNDRED_SECOND_D + HUNDRED_ELEVENTH_C + HUNDRED_TWELFTH_C + HUNDRED_THIRD_D
       + HUNDRED_THIRTEENTH_C + HUNDRED_FOURTH_D + HUNDRED_FOURTEENTH_C
       + HUNDRED_FIFTH_D + HUNDRED_FIFTEENTH_C + HUNDRED_SIXTEENTH_C
       + HUNDRED_SIXTH_D)


def one(case):
    code, out, err = run_cli(case)
    with JUDGING:
        try:
            return case, judge(case, code, out, err), out, err
        except Exception as exc:  # a malformed answer is a problem too
            return case, [f"judge raised {exc!r}; stderr {err[-400:]}"], out, err


def main(argv):
    chosen = [c for c in ALL if not argv or any(a in c.id for a in argv)]
    with ThreadPoolExecutor(2) as pool:
        for case, problems, out, err in pool.map(one, chosen):
            print(("PASS " if not problems else "FAIL ") + case.id, flush=True)
            for p in problems:
                print("    - " + p, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
