"""Fault scripts: the service under load, a web worker killed, the database cut off and given
back, a task worker killed mid-task. Loopback only, on a throwaway database; each stops by
itself and writes a report (see faults/common.py and the README's "Fault scripts")."""
