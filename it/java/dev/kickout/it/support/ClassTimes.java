package dev.kickout.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

/**
 * The time budget of one IT class, checked after the ITs ({@code verify} phase, exec-maven-plugin, in
 * Maven's own JVM): reads the failsafe reports ({@code TEST-*.xml}) that this build wrote (older ones,
 * left by an earlier build, are skipped), prints the slowest classes of each run with their share of
 * it, and fails the build when a class took longer than {@code kickout.it.max-class-seconds}, so that a
 * slow test is noticed when it is written, not when CI runs out of time. Arguments: the limit in
 * seconds, then one {@code run=directory} per failsafe run (a directory that does not exist is skipped).
 */
public final class ClassTimes {

    /** How many of the slowest classes of each run are printed. */
    private static final int SHOWN = 8;

    private record ClassTime(String run, String name, double seconds) {
    }

    private ClassTimes() {
    }

    public static void main(String[] args) throws IOException {
        Duration limit = Duration.ofSeconds(Long.parseLong(args[0]));
        long buildStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        List<ClassTime> times = new ArrayList<>();
        for (String run : List.of(args).subList(1, args.length)) {
            int split = run.indexOf('=');
            times.addAll(read(run.substring(0, split), Path.of(run.substring(split + 1)), buildStart));
        }
        List<String> over = new ArrayList<>();
        times.stream().map(ClassTime::run).distinct().sorted().forEach(run -> {
            List<ClassTime> ofRun = times.stream().filter(t -> t.run().equals(run))
                    .sorted(Comparator.comparingDouble(ClassTime::seconds).reversed()).toList();
            double total = ofRun.stream().mapToDouble(ClassTime::seconds).sum();
            System.out.printf(Locale.ROOT, "[figure] IT classes of %s: %d in %.0f s; slowest:%n", run, ofRun.size(), total);
            ofRun.stream().limit(SHOWN).forEach(t -> System.out.printf(Locale.ROOT, "[figure]   %-28s %6.1f s  %4.1f %%%n",
                    simpleName(t.name()), t.seconds(), 100 * t.seconds() / total));
            ofRun.stream().filter(t -> t.seconds() > limit.toSeconds())
                    .forEach(t -> over.add(String.format(Locale.ROOT, "%s (%s): %.0f s", simpleName(t.name()), run, t.seconds())));
        });
        if (!over.isEmpty()) {
            throw new IllegalStateException("IT classes over the budget of " + limit.toSeconds()
                    + " s per class (kickout.it.max-class-seconds): " + over
                    + ". Make the class cheaper, or move what only measures to -Pbench.");
        }
    }

    private static List<ClassTime> read(String run, Path dir, long since) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<ClassTime> times = new ArrayList<>();
        try (Stream<Path> reports = Files.list(dir)) {
            for (Path report : reports.filter(r -> isClassReport(r, since)).toList()) {
                times.add(parse(run, report));
            }
        }
        return times;
    }

    private static boolean isClassReport(Path file, long since) {
        String name = file.getFileName().toString();
        try {
            return name.startsWith("TEST-") && name.endsWith(".xml") && Files.getLastModifiedTime(file).toMillis() >= since;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ClassTime parse(String run, Path report) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Element suite = factory.newDocumentBuilder().parse(report.toFile()).getDocumentElement();
            String time = suite.getAttribute("time").replace(",", "");
            return new ClassTime(run, suite.getAttribute("name"), time.isEmpty() ? 0 : Double.parseDouble(time));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("Unreadable failsafe report " + report, e);
        }
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
