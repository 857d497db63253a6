# SPDX-License-Identifier: MIT
"""bench/run.py's report: the table of medians and ratios, the CSV files
and the chart.

The ratio columns compare speeds: Indium's figure over the other
driver's, inverted for times (lower is better), so that a ratio above 1
always means Indium is faster.  Peak RSS is the largest maximum resident
set of the workload's runs on that driver, in MiB.
"""

import csv
import os
import shutil
import statistics
import subprocess

from bench_drivers import DRIVERS


class Row:
    def __init__(self, workload, metric):
        self.workload = workload     # "group/name"
        self.metric = metric
        self.values = {}             # driver: [value per run]
        self.unit = ''
        self.higher_better = True

    def median(self, driver):
        v = self.values.get(driver)
        return statistics.median(v) if v else None

    def ratio(self, other):
        a, b = self.median('indium'), self.median(other)
        if not a or not b:
            return None
        return a / b if self.higher_better else b / a


def rows_of(samples):
    """Rows in first-seen order, from {(workload key): {driver: [Sample]}}."""
    rows = {}
    for key, by_driver in samples.items():
        for driver, runs in by_driver.items():
            for s in runs:
                for m in s.metrics:
                    row = rows.setdefault((key, m.name), Row(key, m.name))
                    row.unit = m.unit
                    row.higher_better = m.higher_better
                    row.values.setdefault(driver, []).append(m.value)
    return list(rows.values())


def peak_rss(samples, key, driver):
    runs = samples.get(key, {}).get(driver, [])
    peaks = [s.maxrss_kib for s in runs if s.maxrss_kib]
    return max(peaks) / 1024.0 if peaks else None


def fmt(v, width=9):
    if v is None:
        return '%*s' % (width, '-')
    if abs(v) >= 1000:
        return '%*.0f' % (width, v)
    if abs(v) >= 10:
        return '%*.1f' % (width, v)
    return '%*.3g' % (width, v)


def table(samples, drivers):
    """The table as a list of lines."""
    others = [d for d in drivers if d != 'indium']
    rows = rows_of(samples)
    width = max([len('%s %s' % (r.workload, r.metric)) for r in rows] +
                [8])
    width = min(width, 60)
    head = '%-*s %-12s' % (width, 'workload', 'unit')
    head += ''.join(' %9s' % d for d in drivers)
    if 'indium' in drivers:
        head += ''.join(' %9s' % ('in/' + d[:5]) for d in others)
    head += '  peak RSS MiB (%s)' % ' / '.join(drivers)
    lines = [head, '-' * len(head)]
    seen = set()
    for r in rows:
        name = r.workload if r.metric == r.workload.split('/')[-1] else \
            '%s %s' % (r.workload, r.metric)
        line = '%-*s %-12s' % (width, name[:width], r.unit)
        line += ''.join(' ' + fmt(r.median(d)) for d in drivers)
        if 'indium' in drivers:
            line += ''.join(' ' + fmt(r.ratio(d)) for d in others)
        if r.workload not in seen:
            seen.add(r.workload)
            line += '  ' + ' / '.join(
                fmt(peak_rss(samples, r.workload, d), 1).strip()
                for d in drivers)
        lines.append(line)
    return lines


def write_csv(samples, drivers, out_dir):
    """samples.csv (every run) and medians.csv; returns their paths."""
    paths = [os.path.join(out_dir, 'samples.csv'),
             os.path.join(out_dir, 'medians.csv')]
    with open(paths[0], 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['workload', 'metric', 'unit', 'driver', 'run', 'value',
                    'maxrss_kib', 'seconds', 'renderer', 'note', 'error'])
        for key, by_driver in samples.items():
            for driver, runs in by_driver.items():
                for i, s in enumerate(runs, 1):
                    for m in s.metrics or [None]:
                        w.writerow([key, m.name if m else '',
                                    m.unit if m else '', driver, i,
                                    '%.6g' % m.value if m else '',
                                    s.maxrss_kib, '%.3f' % s.seconds,
                                    s.renderer, s.note, s.error or ''])
    with open(paths[1], 'w', newline='') as f:
        w = csv.writer(f)
        others = [d for d in drivers if d != 'indium']
        w.writerow(['workload', 'metric', 'unit'] +
                   ['median_' + d for d in drivers] +
                   ['speed_ratio_indium_' + d for d in others] +
                   ['peak_rss_mib_' + d for d in drivers])
        for r in rows_of(samples):
            w.writerow([r.workload, r.metric, r.unit] +
                       [('%.6g' % r.median(d)) if r.median(d) else ''
                        for d in drivers] +
                       [('%.4g' % r.ratio(d)) if r.ratio(d) else ''
                        for d in others] +
                       [('%.1f' % peak_rss(samples, r.workload, d))
                        if peak_rss(samples, r.workload, d) else ''
                        for d in drivers])
    return paths


def chart(samples, drivers, out_dir):
    """bench.png: Indium's speed relative to each other driver for the
    headline metrics (each micro benchmark, compile, the glmark2 scores,
    the Piglit wall time), log scale.  Returns the path, or None without
    gnuplot or without a comparison."""
    others = [d for d in drivers if d != 'indium']
    gnuplot = shutil.which('gnuplot')
    if not gnuplot or 'indium' not in drivers or not others:
        return None
    headline = [r for r in rows_of(samples)
                if not r.workload.startswith('glmark2') or
                r.metric == 'score']
    data = os.path.join(out_dir, 'chart.dat')
    with open(data, 'w') as f:
        for r in headline:
            label = r.workload.split('/', 1)[-1] \
                if r.workload.startswith(('micro', 'compile', 'piglit')) \
                else r.workload.replace('/', ' ')
            f.write('"%s" %s\n' % (label, ' '.join(
                '%.4g' % r.ratio(d) if r.ratio(d) else '?' for d in others)))
    png = os.path.join(out_dir, 'bench.png')
    script = os.path.join(out_dir, 'chart.gp')
    with open(script, 'w') as f:
        f.write('set terminal pngcairo size 1200,600 noenhanced\n'
                'set output "%s"\n'
                'set title "Indium speed relative to Mesa (above 1: Indium '
                'faster; medians)"\n'
                'set logscale y\n'
                'set grid ytics\n'
                'set style data histograms\n'
                'set style histogram clustered gap 1\n'
                'set style fill solid 0.8 border -1\n'
                'set xtics rotate by -40\n'
                'set datafile missing "?"\n'
                'set key top left opaque\n'
                'plot ' % png)
        f.write(', '.join('"%s" using %d:xtic(1) title "Indium / %s"'
                          % (data, i + 2, d) for i, d in enumerate(others)))
        f.write(', 1 with lines lc rgb "black" notitle\n')
    r = subprocess.run([gnuplot, script], capture_output=True, text=True)
    if r.returncode != 0:
        print('bench: gnuplot failed: %s' % r.stderr.strip())
        return None
    return png
