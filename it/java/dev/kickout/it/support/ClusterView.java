package dev.kickout.it.support;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** One node's view of the cluster, parsed from {@code CLUSTER NODES}. */
final class ClusterView {

    private final List<Line> lines;

    private ClusterView(List<Line> lines) {
        this.lines = lines;
    }

    static ClusterView of(int port) {
        return new ClusterView(Resp.text(port, "CLUSTER", "NODES").lines().filter(l -> !l.isBlank()).map(Line::parse).toList());
    }

    /** Nodes this node has met and talks to (its own line included). */
    long connectedNodes() {
        return lines.stream().filter(l -> !l.flags().contains("handshake")
                && (l.flags().contains("myself") || "connected".equals(l.link()))).count();
    }

    /** Whether the node that gave this view is a master serving the slot. */
    boolean selfServes(int slot) {
        return lines.stream().anyMatch(l -> l.flags().contains("myself") && l.flags().contains("master") && l.serves(slot));
    }

    /** Slots assigned to masters that are running and not flagged failing in this view. */
    int slotsServedByLiveMasters(List<Integer> runningPorts) {
        return lines.stream().filter(l -> l.liveMaster() && runningPorts.contains(l.port())).mapToInt(Line::slotCount).sum();
    }

    List<Integer> liveMasterPorts() {
        return lines.stream().filter(Line::liveMaster).map(Line::port).toList();
    }

    @Override
    public String toString() {
        return lines.toString();
    }

    private record Line(int port, Set<String> flags, String link, List<String> slots) {

        static Line parse(String text) {
            String[] parts = text.trim().split(" ");
            String address = parts[1];
            int port = Integer.parseInt(address.substring(address.indexOf(':') + 1, address.indexOf('@')));
            return new Line(port, Set.of(parts[2].split(",")), parts[7],
                    Arrays.stream(parts).skip(8).filter(s -> !s.startsWith("[")).toList());
        }

        boolean liveMaster() {
            return flags.contains("master") && !flags.contains("fail") && !flags.contains("fail?");
        }

        boolean serves(int slot) {
            return slots.stream().anyMatch(range -> from(range) <= slot && slot <= to(range));
        }

        int slotCount() {
            return slots.stream().mapToInt(range -> to(range) - from(range) + 1).sum();
        }

        private static int from(String range) {
            return Integer.parseInt(range.split("-")[0]);
        }

        private static int to(String range) {
            String[] ends = range.split("-");
            return Integer.parseInt(ends[ends.length - 1]);
        }

        @Override
        public String toString() {
            return port + flags.toString() + link + slots;
        }
    }
}
