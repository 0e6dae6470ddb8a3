package dev.kickout.it.support;

import java.util.Arrays;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** Evaluates {@link OnTopology}. */
final class OnTopologyCondition implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return context.getElement()
                .flatMap(element -> AnnotationSupport.findAnnotation(element, OnTopology.class))
                .map(on -> Arrays.asList(on.value()).contains(RedisTopology.current())
                        ? ConditionEvaluationResult.enabled("runs on " + RedisTopology.current())
                        : ConditionEvaluationResult.disabled("needs " + Arrays.toString(on.value())
                                + ", this run is " + RedisTopology.current()))
                .orElse(ConditionEvaluationResult.enabled("no @OnTopology"));
    }
}
