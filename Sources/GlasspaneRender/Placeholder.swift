// GlasspaneRender
