"""The production settings, with static files collected into the fault run's own folder
(FAULTS_STATIC_ROOT) rather than the checkout's staticfiles/."""

import os

from verbatim.settings import *  # noqa: F403 - these settings, one path changed

STATIC_ROOT = os.environ["FAULTS_STATIC_ROOT"]
