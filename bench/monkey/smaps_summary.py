#!/usr/bin/env python3
"""Where a running process's resident memory is, from /proc/PID/smaps: glibc's thread arenas (64 MiB
heaps), the main heap, other private mappings and each mapped file; used beside a soak
(docs/RELIABILITY.md, "A day of use") to tell memory kept in glibc's arenas from the rest.

    bench/monkey/smaps_summary.py PID
"""
import sys,re,collections
pid=sys.argv[1]
cur=None; agg=collections.Counter(); cnt=collections.Counter(); big=[]
for line in open(f'/proc/{pid}/smaps'):
    m=re.match(r'^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$', line)
    if m:
        start,end=int(m.group(1),16),int(m.group(2),16); name=m.group(4).strip() or '[anon]'
        size=(end-start)//1024
        if name=='[anon]':
            # glibc arena heaps are 64 MiB-aligned reservations; thread stacks 8 MiB + guard
            kind='[anon 64MiB-heap]' if size==65536 or (start % (64<<20)==0 and size<=65536) else ('[anon ~8MiB stack]' if 8180<=size<=8200 else '[anon other]')
        else:
            kind=name if name.startswith('[') else ('file:'+name.split('/')[-1])
        cur=(kind,start,size)
        cnt[kind]+=1
    elif line.startswith('Rss:') and cur:
        kb=int(line.split()[1]); agg[cur[0]]+=kb
        if cur[0].startswith('[anon') : big.append((kb,cur[2],hex(cur[1])))
tot=sum(agg.values())
print('total rss', tot//1024, 'MiB')
for k,v in agg.most_common(12): print(f'{v//1024:6d} MiB  {cnt[k]:4d} maps  {k}')
big.sort(reverse=True)
print('largest anon mappings (rss KiB, size KiB):', big[:8])
