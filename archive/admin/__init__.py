"""The archive's admin, a module for each thing it administers: outlets, articles (with the
form that archives a new one) and captures; and the history admin every archived record's
admin builds on, which the quotes app's admin uses too."""

from .articles import ArticleAdmin
from .captures import CaptureAdmin
from .history import ChangeNoteForm, HistoryAdmin, history_note
from .outlets import OutletAdmin

__all__ = [
    "ArticleAdmin",
    "CaptureAdmin",
    "ChangeNoteForm",
    "HistoryAdmin",
    "OutletAdmin",
    "history_note",
]
