# Drives a command through a pseudo-terminal: steps are [expect-text, send-text] pairs read as JSON from argv[1];
# prints everything the program wrote. Exits with the program's exit code (or 99 when an expectation timed out).
import json, os, pty, select, sys, time

steps = json.loads(sys.argv[1])
cmd = sys.argv[2:]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(cmd[0], cmd)
out = b''

def read_until(text, timeout=20):
    global out
    end = time.time() + timeout
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                data = os.read(fd, 4096)
            except OSError:
                return False
            if not data:
                return False
            out += data
            if text.encode() in out:
                return True
    return False

status = 0
for expect, send in steps:
    if expect and not read_until(expect):
        sys.stdout.write(out.decode(errors='replace'))
        sys.stdout.write('\n[pty-drive] timed out waiting for %r\n' % expect)
        os.kill(pid, 9)
        sys.exit(99)
    if send:
        os.write(fd, send.encode())
read_until('\0never\0', timeout=5)
_, st = os.waitpid(pid, 0)
sys.stdout.write(out.decode(errors='replace'))
sys.exit(os.WEXITSTATUS(st) if os.WIFEXITED(st) else 98)
